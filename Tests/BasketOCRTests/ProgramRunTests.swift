import Foundation
import Synchronization
import Testing

@testable import BasketOCR

/// The outside-program runner against fake programs (shell scripts) that misbehave.
@Suite(.serialized) struct ProgramRunTests {
  let folder: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-run-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// A program that runs `body` with /bin/sh.
  private func script(_ body: String, _ name: String = "fake") throws -> String {
    let path = folder.appendingPathComponent(name).path
    try writeExecutableScript("#!/bin/sh\n\(body)\n", to: path)
    return path
  }

  private func limits(
    time: Duration = .seconds(10), memory: Int = 1 << 30, output: Int = 8 << 20,
    queueWait: Duration = .seconds(60)
  ) -> ProgramRun.Limits {
    ProgramRun.Limits(time: time, memory: memory, outputBytes: output, queueWait: queueWait)
  }

  @Test func readsOutputErrorsAndStatusThroughPipes() throws {
    let program = try script("echo \"out $1\"; echo err >&2; exit 3")
    let run = try ProgramRun.run(program, ["one"], limits: limits())
    #expect(run.status == 3)
    #expect(!run.crashed)
    #expect(run.output == "out one\n")
    #expect(run.errors == "err\n")
  }

  /// A descriptor the server holds open (a client's socket, a fetch) must not leak into the
  /// program: a program that outlives its client would keep the client's connection open.
  @Test func theProgramGetsOnlyItsThreeStandardStreams() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let program = try script("ls /proc/$$/fd")
    let run = try ProgramRun.run(program, [], limits: limits())
    let open = run.output.split(separator: "\n").compactMap { Int($0) }.sorted()
    #expect(open.first(where: { $0 > 2 && $0 != 10 }) == nil, "the program had \(open) open")
    #expect(!open.contains(Int(ends[0])) && !open.contains(Int(ends[1])))
  }

  @Test func runsWithACleanEnvironmentAndNoInput() throws {
    setenv("BASKET_TEST_SECRET", "hush", 1)
    let program = try script("env; cat")
    let run = try ProgramRun.run(program, [], limits: limits())
    #expect(run.status == 0)
    #expect(run.output.contains("OMP_THREAD_LIMIT=1"))
    #expect(!run.output.contains("BASKET_TEST_SECRET"))
  }

  @Test func tellsACrashBySignal() throws {
    let program = try script("kill -SEGV $$")
    let run = try ProgramRun.run(program, [], limits: limits())
    #expect(run.crashed)
    #expect(run.status == SIGSEGV)
  }

  @Test func stopsAProgramThatSleepsForeverAndWhatItStarted() throws {
    let marker = folder.appendingPathComponent("child").path
    let program = try script("sleep 1000 & echo $! > \(marker); wait")
    let start = Date()
    #expect(throws: ProgramRun.Failure.timedOut) {
      try ProgramRun.run(program, [], limits: limits(time: .milliseconds(500)))
    }
    #expect(Date().timeIntervalSince(start) < 3)
    let child = try #require(
      Int32(
        String(decoding: FileManager.default.contents(atPath: marker)!, as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    // The `sleep` it started is gone too (or a zombie about to be reaped by init).
    var gone = false
    for _ in 0..<100 where !gone {
      let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
      gone = state.isEmpty || state.contains(") Z ")
      if !gone { usleep(20_000) }
    }
    #expect(gone)
  }

  @Test func stopsAProgramThatIgnoresTerm() throws {
    let program = try script("trap '' TERM; while :; do sleep 1; done")
    let start = Date()
    #expect(throws: ProgramRun.Failure.timedOut) {
      try ProgramRun.run(program, [], limits: limits(time: .milliseconds(300)))
    }
    #expect(Date().timeIntervalSince(start) < 4)
  }

  @Test func stopsAProgramThatPrintsTooMuch() throws {
    let program = try script("while :; do echo 0123456789abcdef0123456789abcdef; done")
    #expect(throws: ProgramRun.Failure.printedTooMuch) {
      try ProgramRun.run(program, [], limits: limits(output: 1 << 20))
    }
    let errors = try script("while :; do echo 0123456789abcdef0123456789abcdef >&2; done", "e")
    #expect(throws: ProgramRun.Failure.printedTooMuch) {
      try ProgramRun.run(errors, [], limits: limits())
    }
  }

  /// 64 MB held in a shell variable: refused under a 32 MiB limit, fine under 1 GiB.
  @Test(arguments: [(32 << 20, false), (1 << 30, true)])
  func limitsTheProgramsMemory(memory: Int, finishes: Bool) throws {
    let program = try script(
      "x=$(head -c 64000000 /dev/zero | tr '\\0' a); echo ${#x}")
    let run = try ProgramRun.run(program, [], limits: limits(memory: memory))
    #expect((run.status == 0 && run.output == "64000000\n") == finishes)
  }

  @Test func refusesAProgramThatIsMissing() {
    #expect(throws: ProgramRun.Failure.cannotStart) {
      try ProgramRun.run("/nonexistent/tesseract", [], limits: limits())
    }
  }

  /// Four callers at once: two run, the others wait for a slot (or give up when the wait is
  /// bounded shorter than a run).
  @Test func runsAtMostTwoAtOnce() throws {
    let program = try script("sleep 0.6")
    func together(_ count: Int, _ limits: ProgramRun.Limits) -> [Result<ProgramRun, Error>] {
      let results = Mutex<[Result<ProgramRun, Error>]>([])
      let group = DispatchGroup()
      for _ in 0..<count {
        group.enter()
        Thread.detachNewThread {
          let result = Result<ProgramRun, Error> {
            try ProgramRun.run(program, [], limits: limits)
          }
          results.withLock { $0.append(result) }
          group.leave()
        }
      }
      group.wait()
      return results.withLock { $0 }
    }
    let start = Date()
    let waited = together(4, limits())
    #expect(waited.allSatisfy { (try? $0.get())?.status == 0 })
    #expect(Date().timeIntervalSince(start) >= 1.1)
    let impatient = together(3, limits(queueWait: .milliseconds(100)))
    let busy = impatient.filter {
      if case .failure(let error) = $0 { return error as? ProgramRun.Failure == .busy }
      return false
    }
    #expect(busy.count >= 1)
  }
}
