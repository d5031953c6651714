"""`python -m bench.refusals`: what refusing a bad record costs the service, by the size of the body around it.

Two bodies, both a record wrong at line 10 (its sixth move numbered 7) followed by well-formed move lines up to the
body's size, 40 KB and just under 8 MiB (the largest body the import takes), are posted to `POST /games/import`
in turn, through the Flask app in this process on a SQLite file, each body handed over as a stream as a WSGI server
hands it. The figure is the CPU time of this process per request, median of the runs, and the ratio of the long
body's to the short one's (target <= 2: a refusal costs what the lines before it cost, not what the body holds).
The bodies are posted alternately, so drift on a busy machine hits both alike.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TARGET = 2.0
SIZES = {"40 KB": 40 * 1024, "8 MiB": 8 * 1024 * 1024 - 1}
HEAD = [
    '[Variant "robins"]',
    '[Seat1 "ann"]',
    '[Seat2 "bob"]',
    "",
    "Hand 1 dealer bob",
    "1. ann cut 5D",
    "2. bob cut 6D",
    "3. bob deal [ann [JK 9S AH JD KH KC 7S] bob [6H JC 9D QH 2C 4D AC]] 5D",
    "4. ann draw 8C",
    "7. ann discard 8C",
]
"""A record wrong at line 10: the move there is the game's fifth, numbered 7."""
FILLER = "{:d}. bob draw KS {{a comment, as a long record carries them}}"


def body(size: int) -> bytes:
    """The record wrong at line 10, then well-formed move lines, as many as `size` bytes hold."""
    lines, total, number = list(HEAD), sum(len(line) + 1 for line in HEAD), 8
    while total + len(FILLER.format(number)) + 1 <= size:
        lines.append(FILLER.format(number))
        total += len(lines[-1]) + 1
        number += 1
    return ("\n".join(lines) + "\n").encode()


def cpu_per_request(post: Callable[[bytes], Any], data: bytes) -> float:
    """CPU seconds of this process for one import of `data`, which must be refused at line 10 for its numbering."""
    started = time.process_time()
    answer = post(data)
    spent = time.process_time() - started
    problem = answer.get_json()
    if (answer.status_code, problem.get("code"), problem.get("line")) != (422, "notation-move-number", 10):
        raise RuntimeError(f"the bench body was answered {answer.status_code}: {problem}")
    return spent


def main() -> None:
    """Post each body in turn, print the medians and the ratio."""
    parser = argparse.ArgumentParser(prog="python -m bench.refusals", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="requests per body (default 15)")
    args = parser.parse_args()
    os.environ["MELDBOOK_RATE_LIMIT_IMPORT"] = "off"
    logging.disable(logging.INFO)  # no access log line per request
    from api.app import create_app

    bodies = {name: body(size) for name, size in SIZES.items()}
    with tempfile.TemporaryDirectory(prefix="meldbook-bench-refusals-") as folder:
        app = create_app(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                              "SQLITE_DBNAME": str(Path(folder) / "bench.sqlite")})
        client = app.test_client()

        def post(data: bytes) -> Any:
            return client.post("/games/import", input_stream=io.BytesIO(data), content_length=len(data),
                               content_type="application/vnd.meldbook.notation")

        for data in bodies.values():  # warm up: imports, caches, the first request's set-up
            cpu_per_request(post, data)
        runs: dict[str, list[float]] = {name: [] for name in bodies}
        for _ in range(args.runs):
            for name, data in bodies.items():
                runs[name].append(cpu_per_request(post, data))
        app.extensions["meldbook"].close()
    load = os.getloadavg()[0]
    print(f"refusing a record wrong at line 10 (POST /games/import, in process, SQLite file; {args.runs} runs each, "
          f"load average {load:.1f}):")
    medians = {name: statistics.median(times) for name, times in runs.items()}
    for name, median in medians.items():
        print(f"  body of {name} ({len(bodies[name]):,} bytes): {median * 1000:.2f} ms of CPU a request (median)")
    ratio = medians["8 MiB"] / medians["40 KB"]
    print(f"ratio 8 MiB / 40 KB: {ratio:.2f} (target <= {TARGET})")


if __name__ == "__main__":
    main()
