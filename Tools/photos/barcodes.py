#!/usr/bin/env python3
"""Measures reading barcodes from photos: `basket pantry scan PHOTO` (zbar) on generated codes.

Usage: Tools/photos/barcodes.py [--basket PATH] [--count N]

For each symbology the pantry reads (EAN-8, UPC-A, EAN-13, ITF-14 as a GTIN-14), draws N
random valid codes with zint (Debian zint), then photographs each the way a phone might:
clean; turned 4° and 12°; blurred a little and a lot; on an unevenly lit, noisy background
saved as a rough JPEG; and at half and a quarter of its size (a code far from the camera). Each photo goes through `basket pantry scan
PHOTO --json`, which must give back exactly the code drawn. Prints the decode rate per
symbology and per kind of photo, and zbar's own default (UPC-A not enabled) as the baseline
for UPC-A: how many UPC-A codes come back as UPC-A.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SYMBOLOGIES = {  # name: (zint -b number, digits drawn without the check digit)
    "EAN-8": (13, 7),
    "UPC-A": (34, 11),
    "EAN-13": (13, 12),
    "GTIN-14 (ITF-14)": (89, 13),
}

PHOTOS = {  # name: ImageMagick options turning a clean code into a phone photo
    "clean": [],
    "turned 4°": ["-background", "white", "-rotate", "4"],
    "blurred": ["-blur", "0x1.2"],
    "uneven light, noise, JPEG 40": [
        "(", "+clone", "-sparse-color", "Barycentric", "0,0 white %w,%h gray60", ")",
        "-compose", "multiply", "-composite", "+noise", "Gaussian", "-attenuate", "0.4",
        "-quality", "40"],
    "small (half size)": ["-resize", "50%"],
    "turned 12°": ["-background", "white", "-rotate", "12"],
    "blurred hard": ["-blur", "0x2.5"],
    "tiny (quarter size)": ["-resize", "25%"],
}


def check_digit(body):
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return str((10 - total % 10) % 10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--basket", default=os.path.join(ROOT, ".build/release/basket"))
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(7)
    work = tempfile.mkdtemp(prefix="basket-barcodes-")
    store = os.path.join(work, "basket.sqlite")
    subprocess.run([args.basket, "--store", store, "add", "bread"], check=True, capture_output=True)
    results = {}
    seconds = []
    upca_as_upca_default = 0
    wrong = 0
    for symbology, (zint_type, length) in SYMBOLOGIES.items():
        for n in range(args.count):
            body = "".join(rng.choice("0123456789") for _ in range(length))
            if symbology == "EAN-13" and body[0] == "0":
                body = "4" + body[1:]  # a leading 0 is a UPC-A, measured as such
            code = body + check_digit(body)
            clean = os.path.join(work, f"{n}.png")
            subprocess.run(["zint", "-b", str(zint_type), "-d", body, "--scale=2", "-o", clean],
                           check=True, capture_output=True)
            if symbology == "UPC-A":
                default = subprocess.run(["zbarimg", "-q", "--nodbus", clean],
                                         capture_output=True, text=True).stdout
                upca_as_upca_default += default.startswith("UPC-A:")
            for photo, options in PHOTOS.items():
                path = os.path.join(work, f"{n}-{len(results)}.jpg" if "JPEG" in photo else f"{n}-{len(results)}.png")
                subprocess.run(["convert", clean, *options, path], check=True, capture_output=True)
                start = time.perf_counter()
                scanned = subprocess.run([args.basket, "--store", store, "pantry", "scan", path, "--json"],
                                         capture_output=True, text=True)
                seconds.append(time.perf_counter() - start)
                read = json.loads(scanned.stdout)["code"] if scanned.returncode == 0 else None
                results.setdefault((symbology, photo), []).append(read == code)
                wrong += read is not None and read != code
    print(f"Barcode photos: {args.count} codes per symbology, each photographed {len(PHOTOS)} ways")
    print("| symbology | " + " | ".join(PHOTOS) + " |")
    print("| --- |" + " --- |" * len(PHOTOS))
    for symbology in SYMBOLOGIES:
        cells = []
        for photo in PHOTOS:
            hits = results[(symbology, photo)]
            cells.append(f"{sum(hits)}/{len(hits)}")
        print(f"| {symbology} | " + " | ".join(cells) + " |")
    every = [hit for hits in results.values() for hit in hits]
    print(f"all: {sum(every)}/{len(every)} ({100 * sum(every) / len(every):.1f} %) read exactly")
    print(f"a wrong code given: {wrong} (a photo it can't read says so instead)")
    print(f"median time per photo (basket pantry scan, with zbar): {statistics.median(seconds) * 1000:.0f} ms")
    print(f"baseline, zbar's defaults: {upca_as_upca_default}/{args.count} UPC-A codes come back as UPC-A"
          " (the rest as EAN-13 with a leading 0)")


if __name__ == "__main__":
    main()
