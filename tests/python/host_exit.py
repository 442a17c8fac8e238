"""A Python host that ends while the library's threads are calling it.

Creates several sessions against the computer whose listeners keep the game going (every
computer turn is answered by a human tap from the listener, on the library's thread), lets
them run for a moment and then simply ends, without closing anything. CPython stops every
foreign thread that calls in after its shutdown began (with pthread_exit, a forced unwind);
the process must still exit with the status this program gives it.

    python3 host_exit.py BINDINGS_DIR EXIT_STATUS [SESSIONS] [SECONDS] [open|close]

With `close` it shuts every session down first, and checks that afterwards the sessions
refuse commands with SessionClosed.
"""

import ctypes
import random
import sys
import time
import weakref

sys.path.insert(0, sys.argv[1])
import mills_ffi as m  # noqa: E402  (the generated bindings)

# The generated module registers one vtable of ctypes callbacks per listener trait, and the
# library keeps a raw pointer to it for the life of the process (UniFFI's Python bindings
# assume these callbacks are never freed). The module holds the only references, and CPython
# frees them while it finalizes modules, with the library's threads still running: a call
# then jumps into freed code (SIGILL or SIGSEGV, whatever the library does). So this host
# keeps them for good, as a long-lived Python host must; what remains is the library's part:
# a call after shutdown began meets CPython's forced unwind, which must not abort.
_pinned = [name for name in dir(m) if name.startswith("_UniffiTraitImpl")]
if "_UniffiTraitImplSessionListenerImpl" not in _pinned:
    print("the generated bindings changed: no SessionListener vtable to keep", file=sys.stderr)
    sys.exit(104)
for _name in _pinned:
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(getattr(m, _name)))

EXIT_STATUS = int(sys.argv[2])
SESSIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 4
SECONDS = float(sys.argv[4]) if len(sys.argv) > 4 else 0.3
CLOSE = len(sys.argv) > 5 and sys.argv[5] == "close"


class KeepPlaying(m.SessionListener):
    """Answers every computer turn with a human turn, from the thread that reported it."""

    def __init__(self):
        # Weak: a strong reference would make a cycle through the library that Python never
        # frees, and a search finishing after the interpreter is gone would then call a dead
        # interpreter (a crash no library can prevent; programs shut their sessions down).
        self.session = lambda: None
        self.events = 0

    def on_event(self, event):
        self.events += 1
        session = self.session()
        if session is None:
            return
        try:
            if event.is_game_over():
                session.new_game()
                return
            for _ in range(8):
                snap = session.snapshot()
                if snap.result is not None or snap.computer_thinking:
                    return
                targets = [p.name for p in snap.points if p.target]
                if not targets:
                    return
                session.tap(random.choice(targets))
        except m.MillsError:
            pass


listeners = []
sessions = []
for i in range(SESSIONS):
    listener = KeepPlaying()
    config = m.SessionConfig(
        game=[m.GameId.ZHIQI, m.GameId.LINKED_HORSE, m.GameId.TWELVE_MENS_MORRIS][i % 3],
        mode=m.GameMode.VS_COMPUTER(computer=m.Player.P1, level=1),
        timer=m.TurnTimer.OFF,
    )
    session = m.GameSession(config, m.SessionOptions(seed=i), listener)
    listener.session = weakref.ref(session)
    listeners.append(listener)
    sessions.append(session)

# The first computer turn takes a moment on a busy machine (each engine allocates its table).
deadline = time.monotonic() + 30
while sum(listener.events for listener in listeners) == 0:
    if time.monotonic() > deadline:
        print("no events arrived", file=sys.stderr)
        sys.exit(100)
    time.sleep(0.005)
time.sleep(SECONDS)
if CLOSE:
    for session in sessions:
        session.shut_down()
    events = [listener.events for listener in listeners]
    time.sleep(0.05)
    if [listener.events for listener in listeners] != events:
        print("an event arrived after shut_down", file=sys.stderr)
        sys.exit(101)
    for session in sessions:
        if not session.is_shut_down():
            sys.exit(102)
        try:
            session.undo()
            sys.exit(103)
        except m.MillsError.SessionClosed:
            pass
        session.pause()
        session.snapshot()
if EXIT_STATUS == 0:
    pass  # the program simply ends
else:
    sys.exit(EXIT_STATUS)
