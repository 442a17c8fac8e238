#!/usr/bin/env bash
# Prints an xcodebuild -destination for an available iPhone simulator of the newest iOS runtime
# installed (the runners' device list changes with each Xcode), e.g.
#   platform=iOS Simulator,id=4C1E...
#
#   ios/scripts/simulator-destination.sh
set -euo pipefail

xcrun simctl list devices available --json | python3 -c '
import json
import sys

devices = json.load(sys.stdin)["devices"]
def version(runtime):
    tail = runtime.rsplit(".iOS-", 1)[-1]
    return tuple(int(p) for p in tail.split("-") if p.isdigit())
ios = sorted((r for r in devices if ".SimRuntime.iOS-" in r), key=version, reverse=True)
for runtime in ios:
    for device in devices[runtime]:
        if device.get("isAvailable", True) and device["name"].startswith("iPhone"):
            print("platform=iOS Simulator,id=" + device["udid"])
            sys.exit(0)
sys.exit("no available iPhone simulator")
'
