"""The time a Maven goal of this plugin took inside a build, read off Maven's timestamped log
(-Dorg.slf4j.simpleLogger.showDateTime=true, dateTimeFormat HH:mm:ss.SSS): from its
"--- modelplane:" line to its last "Modelplane: " message. That includes resolving the plugin,
creating its class realm and configuring the mojo. Imported by the bench scripts' inline Python.
"""
import re
import sys

_STAMP = re.compile(r"(\d\d):(\d\d):(\d\d\.\d{3}) \[INFO\] (--- modelplane:|Modelplane: )")


def window(path, up_to_date=False):
    """Milliseconds; exits naming the log when it holds no goal (or, with up_to_date, no up-to-date one)."""
    stamps, saw_up_to_date = [], False
    for line in open(path):
        m = _STAMP.match(line)
        if m:
            stamps.append((int(m[1]) * 60 + int(m[2])) * 60 + float(m[3]))
        saw_up_to_date = saw_up_to_date or " is up to date with " in line
    if len(stamps) < 2 or (up_to_date and not saw_up_to_date):
        sys.exit(f"{path}: no {'up-to-date ' if up_to_date else ''}goal start and end in the log")
    return (stamps[-1] - stamps[0]) * 1000
