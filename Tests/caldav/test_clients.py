"""The list through CalDAV clients that nobody here wrote.

- the `caldav` library (PyPI): discovery from the server's address, tasks both ways,
  completing, sync tokens, ETag conflicts and bad input;
- Debian's `vdirsyncer` syncing the list to a folder, and `todoman` adding, completing and
  deleting tasks there, synced back (scripts/setup installs them; with
  BASKET_REQUIRE_CLIENTS=1, as scripts/test sets it, their absence fails the run);
- raw WebDAV requests where a library hides what the server said (Clear all in a
  sync-collection, the collection tag, calendar-query filters).
"""

import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from base64 import b64encode

import caldav
import pytest

from conftest import SECRET


def client(server, password=SECRET):
    return caldav.DAVClient(url=server.url + "/", username="anyone", password=password)


def the_calendar(server):
    """The list's task collection (the plan of meals is a calendar of events beside it)."""
    calendars = [c for c in client(server).principal().calendars() if c.get_supported_components() == ["VTODO"]]
    assert len(calendars) == 1
    return calendars[0]


def summaries(calendar, **options):
    return sorted(str(todo.icalendar_component.get("summary")) for todo in calendar.todos(**options))


def listed(server):
    """The list as `basket list --json` shows it: {section: [names]}."""
    shown = json.loads(server.cli("list", "--json").stdout)
    return {section: [item["name"] for item in shown[section]] for section in ("toGet", "gotIt")}


def http(server, method, path, body=b"", headers=None, password=SECRET):
    auth = b64encode(f"anyone:{password}".encode()).decode()
    request = urllib.request.Request(
        server.url + path, data=body, method=method,
        headers={"Authorization": f"Basic {auth}", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_discovery_finds_one_task_list_called_basket_and_the_plan_of_meals(server):
    principal = client(server).principal()
    calendars = principal.calendars()
    assert [c.get_display_name() for c in calendars] == ["Basket", "Basket meals"]
    assert [c.get_supported_components() for c in calendars] == [["VTODO"], ["VEVENT"]]


def test_the_wrong_secret_is_refused(server):
    with pytest.raises(caldav.lib.error.AuthorizationError):
        client(server, password="not-the-secret").principal()


def test_tasks_go_both_ways(server):
    server.cli("add", "2 l milk")
    calendar = the_calendar(server)
    assert summaries(calendar) == ["milk (2 L)"]
    calendar.save_todo(summary="Oat milk (500 ml)", priority=1, description="the barista one")
    assert listed(server)["toGet"] == ["Oat milk", "milk"]
    todo = next(t for t in calendar.todos() if "Oat" in str(t.icalendar_component["summary"]))
    # What Basket doesn't use is given back.
    assert int(todo.icalendar_component["priority"]) == 1
    assert str(todo.icalendar_component["description"]) == "the barista one"
    todo.complete()
    assert listed(server) == {"toGet": ["milk"], "gotIt": ["Oat milk"]}
    assert summaries(calendar, include_completed=True) == ["Oat milk (500 ml)", "milk (2 L)"]


def notes(server):
    shown = json.loads(server.cli("list", "--json").stdout)
    return {item["name"]: item["note"] for item in shown["toGet"]}


def test_a_note_is_the_tasks_description_both_ways(server):
    server.cli("add", "yoghurt")
    server.cli("note", "yoghurt", "the big tub")
    calendar = the_calendar(server)
    todo = calendar.todos()[0]
    assert str(todo.icalendar_component["description"]) == "the big tub"
    # Changed in the task app, the note changes on the list, cleaned to one line.
    todo.icalendar_component["description"] = "for Sam's\nlunch"
    todo.save()
    assert notes(server) == {"yoghurt": "for Sam's lunch"}
    # Taken away in the task app, it goes; set again in Basket, the task app sees it.
    todo = calendar.todos()[0]
    del todo.icalendar_component["description"]
    todo.save()
    assert notes(server) == {"yoghurt": None}
    server.cli("note", "yoghurt", "the small pot")
    assert str(calendar.todos()[0].icalendar_component["description"]) == "the small pot"
    # A note too long is refused whole: the list keeps the note, the name and the state it had.
    path = str(calendar.todos()[0].url.path)
    status, _, body = http(server, "GET", path)
    long = body.replace(b"DESCRIPTION:the small pot", b"DESCRIPTION:" + b"a" * 600)
    long = long.replace(b"SUMMARY:yoghurt", b"SUMMARY:skyr")
    status, _, reason = http(server, "PUT", path, long, {"Content-Type": "text/calendar"})
    assert status == 400 and b"at most 500 characters" in reason
    assert notes(server) == {"yoghurt": "the small pot"}


def test_a_task_for_what_is_already_on_the_list_joins_it(server):
    server.cli("add", "Milk")
    calendar = the_calendar(server)
    calendar.save_todo(summary="milk")
    assert listed(server)["toGet"] == ["Milk"]
    assert summaries(calendar) == ["Milk"]


def test_sync_tokens_bring_only_what_changed(server):
    server.cli("add", "Bread")
    calendar = the_calendar(server)
    first = calendar.objects_by_sync_token(load_objects=True)
    assert [str(o.icalendar_component["summary"]) for o in first] == ["Bread"]
    server.cli("add", "Eggs")
    second = calendar.objects_by_sync_token(sync_token=first.sync_token, load_objects=True)
    assert [str(o.icalendar_component["summary"]) for o in second] == ["Eggs"]
    assert second.sync_token != first.sync_token
    third = calendar.objects_by_sync_token(sync_token=second.sync_token, load_objects=True)
    assert list(third) == []


def test_a_stale_etag_is_a_conflict_and_loses_nothing(server):
    server.cli("add", "Butter")
    calendar = the_calendar(server)
    todo = calendar.todos()[0]
    path = str(todo.url.path)
    status, headers, body = http(server, "GET", path)
    assert status == 200
    etag = headers["ETag"]
    server.cli("check", "Butter")
    changed = body.replace(b"SUMMARY:Butter", b"SUMMARY:Margarine")
    status, _, _ = http(server, "PUT", path, changed,
                        {"Content-Type": "text/calendar", "If-Match": etag})
    assert status == 412
    assert listed(server) == {"toGet": [], "gotIt": ["Butter"]}


@pytest.mark.parametrize("body,content_type,status", [
    (b"BEGIN:VCALENDAR\r\nthis is not iCalendar", "text/calendar", 400),
    (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e1\r\nSUMMARY:Party\r\n"
     b"DTSTART:20261205T180000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "text/calendar", 403),
    (b'{"summary": "milk"}', "application/json", 415),
    (b"BEGIN:VCALENDAR\r\n" + b"X-PAD:" + b"x" * 400_000 + b"\r\n", "text/calendar", 413),
], ids=["malformed", "an-event", "json", "huge"])
def test_bad_input_gets_a_clear_4xx_and_stores_nothing(server, body, content_type, status):
    got, _, text = http(server, "PUT", "/dav/basket/bad.ics", body, {"Content-Type": content_type})
    assert got == status
    assert text, "a refusal says why"
    assert listed(server) == {"toGet": [], "gotIt": []}


DAV = "{DAV:}"
CALDAV = "{urn:ietf:params:xml:ns:caldav}"


def report(server, body):
    return http(server, "REPORT", "/dav/basket/", body.encode(),
                {"Content-Type": "application/xml; charset=utf-8", "Depth": "1"})


def sync(server, token=""):
    """A sync-collection from `token`: (new token, {name: calendar data}, [removed names])."""
    status, _, body = report(server, f"""
        <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>""")
    assert status == 207, body
    root = ET.fromstring(body)
    present, removed = {}, []
    for response in root.iter(DAV + "response"):
        name = response.find(DAV + "href").text.rsplit("/", 1)[-1]
        if response.find(DAV + "status") is not None:
            removed.append(name)
        else:
            present[name] = response.find(f".//{CALDAV}calendar-data").text
    return root.find(DAV + "sync-token").text, present, sorted(removed)


def ctag(server):
    status, _, body = http(server, "PROPFIND", "/dav/basket/",
                           b'<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">'
                           b'<d:prop><cs:getctag/></d:prop></d:propfind>',
                           {"Content-Type": "application/xml", "Depth": "0"})
    assert status == 207
    return ET.fromstring(body).find(".//{http://calendarserver.org/ns/}getctag").text


def test_clear_all_reaches_a_client_as_removals_and_undo_brings_the_tasks_back(server):
    calendar = the_calendar(server)
    calendar.save_todo(summary="Jam", priority=1, description="the apricot one")
    server.cli("add", "Bread")
    server.cli("check", "Jam")
    server.cli("check", "Bread")
    token, before, _ = sync(server)
    tag = ctag(server)

    server.cli("clear")
    token, present, removed = sync(server, token)
    assert present == {} and sorted(removed) == sorted(before)
    assert ctag(server) != tag

    server.cli("undo")  # within the 10 s undo window
    _, present, removed = sync(server, token)
    assert present == before and removed == []
    jam = next(data for data in present.values() if "SUMMARY:Jam" in data)
    assert "PRIORITY:1" in jam and "the apricot one" in jam and "COMPLETED:" in jam
    assert ctag(server) == tag


def test_a_pantry_write_leaves_the_collection_tag_and_brings_no_changes(server):
    server.cli("add", "Milk")
    token, _, _ = sync(server)
    tag = ctag(server)
    server.cli("pantry", "add", "Flour")
    next_token, present, removed = sync(server, token)
    assert (present, removed) == ({}, [])
    assert next_token != token
    assert ctag(server) == tag
    server.cli("check", "Milk")
    assert ctag(server) != tag


def test_a_query_for_incomplete_tasks_returns_only_what_is_still_to_get(server):
    server.cli("add", "Milk")
    server.cli("add", "Bread")
    server.cli("check", "Bread")
    status, _, body = report(server, """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><c:calendar-data/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
        <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
        </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>""")
    assert status == 207
    found = [data.text for data in ET.fromstring(body).iter(CALDAV + "calendar-data")]
    assert len(found) == 1 and "SUMMARY:Milk" in found[0]


VDIRSYNCER = shutil.which("vdirsyncer")
TODOMAN = shutil.which("todoman")


def test_vdirsyncer_and_todoman_add_complete_and_delete(server, tmp_path):
    if not (VDIRSYNCER and TODOMAN):
        message = "vdirsyncer and todoman are missing: run scripts/setup"
        if os.environ.get("BASKET_REQUIRE_CLIENTS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    lists = tmp_path / "lists"
    (lists / "basket").mkdir(parents=True)
    config = tmp_path / "vdirsyncer.conf"
    config.write_text(f"""
[general]
status_path = "{tmp_path}/status/"

[pair basket]
a = "basket_local"
b = "basket_remote"
collections = null
conflict_resolution = "b wins"

[storage basket_local]
type = "filesystem"
path = "{lists}/basket/"
fileext = ".ics"

[storage basket_remote]
type = "caldav"
url = "{server.url}/dav/basket/"
username = "household"
password = "{SECRET}"
item_types = ["VTODO"]
""")
    (tmp_path / "config" / "todoman").mkdir(parents=True)
    (tmp_path / "config" / "todoman" / "config.py").write_text(
        f'path = "{lists}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
        'default_list = "basket"\n')
    env = {**os.environ, "VDIRSYNCER_CONFIG": str(config),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def run(*args):
        return subprocess.run(args, env=env, check=True, capture_output=True, text=True,
                              input="y\n" * 5, timeout=60).stdout

    def todos():
        return {todo["summary"]: todo for todo in json.loads(run(TODOMAN, "--porcelain", "list", "--status", "ANY"))}

    server.cli("add", "2 l milk")
    server.cli("add", "Eggs")
    run(VDIRSYNCER, "discover")
    run(VDIRSYNCER, "sync")
    assert set(todos()) == {"milk (2 L)", "Eggs"}

    run(TODOMAN, "new", "-l", "basket", "500 g flour")
    run(VDIRSYNCER, "sync")
    assert listed(server)["toGet"] == ["flour", "Eggs", "milk"]

    run(TODOMAN, "done", str(todos()["Eggs"]["id"]))
    run(TODOMAN, "delete", "--yes", str(todos()["milk (2 L)"]["id"]))
    run(VDIRSYNCER, "sync")
    assert listed(server) == {"toGet": ["flour"], "gotIt": ["Eggs"]}

    server.cli("add", "Bread")
    run(VDIRSYNCER, "sync")
    assert set(todos()) == {"flour (500 g)", "Eggs", "Bread"}
    assert todos()["Eggs"]["completed"] is True


def test_a_change_from_a_task_app_reaches_open_pages_at_once(server):
    """An open page's live stream (Server-Sent Events) hears a task app's change."""
    import http.cookiejar
    import threading

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    pair = urllib.request.Request(
        server.url + "/api/v2/pair", data=json.dumps({"secret": SECRET}).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": server.url})
    opener.open(pair, timeout=10).read()
    stream = opener.open(server.url + "/api/v2/events", timeout=10)
    events = []

    def listen():
        for line in stream:
            events.append(line.decode().strip())
            if line.startswith(b"data:") and b"Bread" in line:
                return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    the_calendar(server).save_todo(summary="Bread")
    listener.join(timeout=10)
    stream.close()
    assert any("Bread" in event for event in events if event.startswith("data:")), events


CHILI = "Chili\nServes 4\n\nIngredients\n2 onions\n500 g minced beef\n\nMethod\n1. Cook.\n"
SOUP = "Soup\nServes 2\n\nIngredients\n1 onion\n1 l stock\n\nMethod\n1. Simmer.\n"


def the_plan(server):
    return next(c for c in client(server).principal().calendars() if c.get_display_name() == "Basket meals")


def plan_ctag(server):
    status, _, body = http(server, "PROPFIND", "/dav/plan/", b"""<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/></d:prop></d:propfind>""", {"Depth": "0"})
    assert status == 207
    return ET.fromstring(body).find(".//{http://calendarserver.org/ns/}getctag").text


def test_the_plan_is_a_read_only_calendar_with_an_event_per_meal(server, tmp_path):
    import datetime

    for name, text in (("chili", CHILI), ("soup", SOUP)):
        (tmp_path / f"{name}.txt").write_text(text)
        server.cli("recipe", "import", str(tmp_path / f"{name}.txt"), "--save")
    server.cli("plan", "add", "chili", "--on", "2026-03-02", "--servings", "6")
    server.cli("plan", "add", "soup", "--on", "2026-03-04")
    plan = the_plan(server)
    events = sorted(plan.events(), key=lambda e: str(e.icalendar_component["summary"]))
    assert [str(e.icalendar_component["summary"]) for e in events] == ["Chili", "Soup"]
    chili = events[0].icalendar_component
    # All day: DATE values, the day and the next, and never busy time.
    assert chili["dtstart"].dt == datetime.date(2026, 3, 2)
    assert chili["dtend"].dt == datetime.date(2026, 3, 3)
    assert str(chili["transp"]) == "TRANSPARENT"
    assert str(chili["description"]) == "For 6 servings. Planned in Basket."
    uid = str(chili["uid"])
    assert uid.endswith("@basket")

    # A time-range search finds the meals of those days only.
    found = plan.search(start=datetime.datetime(2026, 3, 4), end=datetime.datetime(2026, 3, 5), event=True)
    assert [str(e.icalendar_component["summary"]) for e in found] == ["Soup"]

    # The tag follows the plan; the event keeps its UID.
    before = plan_ctag(server)
    assert plan_ctag(server) == before
    server.cli("plan", "add", "soup", "--on", "2026-03-05")
    assert plan_ctag(server) != before
    assert uid in [str(e.icalendar_component["uid"]) for e in the_plan(server).events()]

    # Read-only: a calendar app can't add, change or remove a meal.
    with pytest.raises(caldav.lib.error.DAVError):  # 403: caldav says AuthorizationError
        plan.save_event(dtstart=datetime.date(2026, 3, 6), summary="Pizza")
    with pytest.raises(caldav.lib.error.DAVError):
        events[0].delete()
    status, _, _ = http(server, "PUT", str(events[1].url.path), events[1].data.encode(), {"Content-Type": "text/calendar"})
    assert status == 403
    shown = json.loads(server.cli("plan", "--week", "2026-03-02", "--json").stdout)
    assert [m["recipe"]["title"] for day in shown["days"] for m in day["meals"]] == ["Chili", "Soup", "Soup"]


def task_lists(server):
    """The task collections by name."""
    return {c.get_display_name(): c for c in client(server).principal().calendars()
            if c.get_supported_components() == ["VTODO"]}


def test_each_list_is_its_own_task_collection_and_changes_flow_both_ways(server):
    server.cli("add", "milk")
    server.cli("lists", "add", "Hardware")
    server.cli("add", "--list", "Hardware", "screws")
    calendars = task_lists(server)
    assert sorted(calendars) == ["Groceries", "Hardware"]
    # The first list keeps the collection task apps knew.
    assert str(calendars["Groceries"].url.path) == "/dav/basket/"
    assert summaries(calendars["Groceries"]) == ["milk"]
    assert summaries(calendars["Hardware"]) == ["screws"]

    # A task made in one collection goes on that list only; completing it checks it off there.
    calendars["Hardware"].save_todo(summary="nails")
    hardware = json.loads(server.cli("list", "--json", "--list", "Hardware").stdout)
    assert sorted(item["name"] for item in hardware["toGet"]) == ["nails", "screws"]
    assert listed(server)["toGet"] == ["milk"]
    todo = next(t for t in calendars["Hardware"].todos() if "nails" in str(t.icalendar_component["summary"]))
    todo.complete()
    hardware = json.loads(server.cli("list", "--json", "--list", "Hardware").stdout)
    assert [item["name"] for item in hardware["gotIt"]] == ["nails"]

    # Renamed in Basket, the collection's name follows; removed, it is gone from discovery.
    server.cli("lists", "rename", "Hardware", "DIY")
    assert sorted(task_lists(server)) == ["DIY", "Groceries"]
    server.cli("lists", "remove", "DIY")
    assert sorted(task_lists(server)) == ["Basket"]
    status, _, _ = http(server, "PROPFIND", str(calendars["Hardware"].url.path), headers={"Depth": "0"})
    assert status == 404
