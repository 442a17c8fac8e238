//! Calls into the host: the app's listener, and what happens when the host ends the thread
//! while such a call is in progress.
//!
//! A listener is app code (Kotlin, Swift, Python behind UniFFI). Two kinds of unwinding can
//! come out of it:
//!
//! - **A Rust panic** (UniFFI turns an exception the listener threw into one). It is caught
//!   here and logged; the session goes on.
//! - **A foreign unwind**, above all the *forced* unwind `pthread_exit` starts: CPython (up to
//!   3.13) ends every foreign thread that calls in after its shutdown began that way, and
//!   `pthread_cancel` does the same. `catch_unwind` cannot stop one: on catching a foreign
//!   exception it aborts the process (glibc prints "FATAL: exception not rethrown"), and every
//!   thread `std::thread` starts has a `catch_unwind` at its root. So the unwind must never
//!   reach one. Drop glue does run during a forced unwind, which is where it is stopped: the
//!   guard around the call sees an unwind that is not a Rust panic and parks the thread for
//!   good, holding no lock, until the process ends (what CPython 3.14 itself does to such
//!   threads). The session stops waiting for that thread ([`super::worker::leave_session`]),
//!   so closing it does not hang.

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::events::{SessionEvent, SessionListener};
use super::worker;

/// Gives `event` to the listener; a panicking listener is contained, a foreign unwind parks
/// this thread (see the [module documentation](self)).
pub(super) fn deliver(listener: &dyn SessionListener, event: SessionEvent) {
    let delivered = catch_unwind(AssertUnwindSafe(|| {
        let call = HostCall { returned: false };
        listener.on_event(event);
        call.returned();
    }));
    if let Err(panic) = delivered {
        log::error!(
            "session listener panicked: {}",
            worker::panic_message(&*panic)
        );
    }
}

/// Marks a call into the host in progress: dropped without [`HostCall::returned`], the call
/// is unwinding.
struct HostCall {
    returned: bool,
}

impl HostCall {
    fn returned(mut self) {
        self.returned = true;
    }
}

impl Drop for HostCall {
    fn drop(&mut self) {
        if self.returned || std::thread::panicking() {
            // A normal return, or a Rust panic on its way to the `catch_unwind` above.
            return;
        }
        // A foreign unwind: the host is ending this thread. Going on would reach a
        // `catch_unwind` and abort the process, so the thread stops here instead.
        worker::leave_session();
        loop {
            std::thread::park();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Recorder(Mutex<Vec<SessionEvent>>);

    impl SessionListener for Recorder {
        fn on_event(&self, event: SessionEvent) {
            self.0.lock().unwrap().push(event);
        }
    }

    struct Panics;

    impl SessionListener for Panics {
        fn on_event(&self, _: SessionEvent) {
            panic!("listener bug");
        }
    }

    fn event() -> SessionEvent {
        SessionEvent::SaveFailed {
            message: "x".into(),
        }
    }

    #[test]
    fn events_arrive_and_a_rust_panic_is_contained() {
        let recorder = Recorder(Mutex::new(Vec::new()));
        deliver(&recorder, event());
        assert_eq!(recorder.0.lock().unwrap().as_slice(), &[event()]);
        // Returns normally: the panic is caught and logged, the thread goes on.
        deliver(&Panics, event());
        deliver(&recorder, event());
        assert_eq!(recorder.0.lock().unwrap().len(), 2);
    }

    /// What CPython does to a foreign thread calling in during its shutdown: `pthread_exit`
    /// from inside the listener. Before the guard this aborted the test process ("FATAL:
    /// exception not rethrown").
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn a_forced_unwind_from_the_listener_parks_the_thread_instead_of_aborting() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};

        unsafe extern "C-unwind" {
            fn pthread_exit(value: *mut std::ffi::c_void) -> !;
        }

        /// Set when the listener's frame is unwound.
        struct Unwound(Arc<AtomicBool>);
        impl Drop for Unwound {
            fn drop(&mut self) {
                self.0.store(true, Ordering::SeqCst);
            }
        }

        struct ExitsThread(Arc<AtomicBool>);
        impl SessionListener for ExitsThread {
            fn on_event(&self, _: SessionEvent) {
                let _unwound = Unwound(Arc::clone(&self.0));
                // SAFETY: ends this thread the way a host does; the frames between here and
                // the guard only run drop glue.
                unsafe { pthread_exit(std::ptr::null_mut()) }
            }
        }

        let unwound = Arc::new(AtomicBool::new(false));
        let listener = ExitsThread(Arc::clone(&unwound));
        let returned = Arc::new(AtomicBool::new(false));
        let returned_in_thread = Arc::clone(&returned);
        // Like a session thread: `std::thread`, whose root has a `catch_unwind`.
        let _parked = std::thread::spawn(move || {
            deliver(&listener, event());
            returned_in_thread.store(true, Ordering::SeqCst);
        });
        let deadline = Instant::now() + Duration::from_secs(10);
        while !unwound.load(Ordering::SeqCst) {
            assert!(Instant::now() < deadline, "the listener never ran");
            std::thread::sleep(Duration::from_millis(1));
        }
        // This process is still alive, and the thread went no further than the guard.
        std::thread::sleep(Duration::from_millis(100));
        assert!(!returned.load(Ordering::SeqCst));
    }
}
