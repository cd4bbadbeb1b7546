"""`habit mcp` driven by the official Python SDK (`mcp` from PyPI) over standard input and output:
the tools listed with their schemas, a mark on disk in one commit, refusals as tool errors in the
catalog's words (English and Russian), and `--read-only` offering nothing that changes.
Paths of the binaries come from HABIT_BINARY (habit-mcp is beside it)."""
import asyncio
import os
import subprocess
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HABIT = os.environ["HABIT_BINARY"]
NOW = "2026-11-21T08:00"  # a Saturday
CHANGING = {"mark", "skip", "slip", "add"}
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)
    return condition


root = tempfile.mkdtemp(prefix="habit-mcp-test-")
data = os.path.join(root, "data")
env = {
    "HOME": root, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": NOW,
    "XDG_CONFIG_HOME": os.path.join(root, "config"), "XDG_CACHE_HOME": os.path.join(root, "cache"),
    "XDG_STATE_HOME": os.path.join(root, "state"),
    "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
}


def habit(*arguments, language=None):
    environment = dict(env, **({"LANG": language} if language else {}))
    result = subprocess.run([HABIT, "--dir", data, *arguments], env=environment, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"habit {' '.join(arguments)}: {result.stdout}{result.stderr}")
    return result.stdout


def commits():
    return int(subprocess.run(["git", "-C", data, "rev-list", "--count", "HEAD"], capture_output=True, text=True, check=True).stdout)


def text(result):
    return "".join(part.text for part in result.content if part.type == "text")


habit("init", "--git")
habit("category", "add", "Health")
habit("add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01")
habit("add", "Gym", "--category", "Health", "--days", "mon,wed,fri", "--start", "2026-11-01")
habit("add", "Water", "--category", "Health", "--daily", "--start", "2026-11-01", "--target", "8", "--unit", "glasses")


async def session(arguments, language, body):
    parameters = StdioServerParameters(command=HABIT, args=["--dir", data, "mcp", *arguments], env=dict(env, LANG=language))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as client:
            await client.initialize()
            await body(client)


async def full(client):
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    check(set(tools) == {"due", "trackers", "stats"} | CHANGING, f"tools: {sorted(tools)}")
    for name in ("due", "trackers", "stats"):
        check(tools[name].annotations and tools[name].annotations.read_only_hint is True, f"{name} is marked read-only")
    for name in CHANGING:
        check(tools[name].annotations and tools[name].annotations.read_only_hint is False, f"{name} is marked as changing")
        check(tools[name].input_schema.get("type") == "object", f"{name} has an object schema")
    check("tracker" in tools["mark"].input_schema["required"], "mark requires a tracker")

    due = await client.call_tool("due", {})
    check(not due.is_error, f"due: {text(due)}")
    names = {card["name"]: card for card in due.structured_content["trackers"]}
    check(set(names) == {"Run", "Water"}, f"due on a Saturday: {sorted(names)}")
    check(names["Run"]["state"] == "todo", f"Run to do: {names['Run']}")
    check(names["Water"]["target"] == 8, f"Water's target: {names['Water']}")

    before = commits()
    marked = await client.call_tool("mark", {"tracker": "run"})
    check(not marked.is_error, f"mark: {text(marked)}")
    check("Run" in text(marked), f"mark says which tracker: {text(marked)}")
    check(commits() == before + 1, f"a mark is one commit ({before} → {commits()})")
    with open(os.path.join(data, "trackers", "run.toml")) as f:
        check("2026-11-21" in f.read(), "the mark is on disk")
    log = subprocess.run(["git", "-C", data, "log", "-1", "--name-only", "--format=%s"], capture_output=True, text=True, check=True).stdout
    check("trackers/run.toml" in log, f"the commit holds run.toml: {log}")

    due = await client.call_tool("due", {"date": "2026-11-21"})
    states = {card["name"]: card for card in due.structured_content["trackers"]}
    check(states["Run"]["state"] == "done" and states["Run"]["streak"] == 1, f"Run done, streak 1: {states['Run']}")

    water = await client.call_tool("mark", {"tracker": "Water", "amount": 3})
    check(not water.is_error and water.structured_content.get("total") == 3, f"water: {text(water)}")

    before = commits()
    refused = await client.call_tool("mark", {"tracker": "Gym"})
    check(refused.is_error is True, f"a mark on a day Gym is not scheduled is a tool error: {text(refused)}")
    check("Gym" in text(refused) and "not scheduled" in text(refused), f"the catalog's sentence: {text(refused)}")
    unknown = await client.call_tool("mark", {"tracker": "Swim"})
    check(unknown.is_error is True and "Swim" in text(unknown), f"an unknown tracker is a tool error: {text(unknown)}")
    check(commits() == before, "a refusal commits nothing")

    added = await client.call_tool("add", {"name": "Read", "category": "Health", "schedule": "3 per week"})
    check(not added.is_error, f"add: {text(added)}")
    listed = await client.call_tool("trackers", {})
    check("Read" in {t["name"] for t in listed.structured_content["trackers"]}, f"trackers lists Read: {text(listed)}")
    stats = await client.call_tool("stats", {"tracker": "Run"})
    check(not stats.is_error and stats.structured_content["current_streak"] == 1, f"stats: {text(stats)}")


async def russian(client):
    refused = await client.call_tool("mark", {"tracker": "Gym"})
    check(refused.is_error is True, f"ru: a tool error: {text(refused)}")
    expected = subprocess.run([HABIT, "--dir", data, "done", "Gym"], env=dict(env, LANG="ru_RU.UTF-8"), capture_output=True, text=True).stderr
    check(text(refused).split("\n")[0] in expected, f"ru: the CLI's sentence ({expected!r}): {text(refused)!r}")


async def read_only(client):
    tools = {tool.name for tool in (await client.list_tools()).tools}
    check(tools == {"due", "trackers", "stats"}, f"--read-only lists only reading tools: {sorted(tools)}")
    before = commits()
    refused = await client.call_tool("mark", {"tracker": "Run", "date": "yesterday"})
    check(refused.is_error is True, f"--read-only refuses mark: {text(refused)}")
    check(commits() == before, "--read-only commits nothing")
    check(text(refused) == os.environ["MCP_UNKNOWN_TOOL"], f"--read-only's words: {text(refused)}")
    missing = await client.call_tool("stats", {})
    check(missing.is_error is True and text(missing) == os.environ["MCP_MISSING_ARGUMENT"], f"a missing argument: {text(missing)}")


async def main():
    await session([], "C.UTF-8", full)
    await session([], "ru_RU.UTF-8", russian)
    await session(["--read-only"], "C.UTF-8", read_only)


asyncio.run(main())
if failures:
    print(f"{len(failures)} failures", file=sys.stderr)
    sys.exit(1)
print("mcp: ok")
