//! A benchmark, never part of the suite: TLS handshakes on loopback, the engine's client
//! settings against this crate's terminator settings, both in this process.
//!
//!   cargo run --release -p mills-tls-front --example handshakes -- [COUNT] [--tls12]
//!
//! Each handshake is a new TCP connection and a full handshake (no session resumption, as
//! the app's first connection to a server): the client checks the server's certificate
//! against the app's roots (the web's public roots plus the test root), and the server
//! answers one byte once its side is done, so each timed handshake is complete on both
//! ends. Prints handshakes per second of wall time and the CPU time of each end's own
//! thread per handshake: on a shared machine the wall figure follows the load, the client's
//! CPU time is what the app pays. docs/android.md ("Library size") has the figures.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::ExitCode;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use mills_tls_front::{Cert, LOOPBACK_NAMES, TestRoot};
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, ServerConfig, ServerConnection};

const USAGE: &str = "usage: handshakes [COUNT] [--tls12]";

fn main() -> ExitCode {
    let (mut count, mut tls12_only) = (500, false);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--tls12" => tls12_only = true,
            n => match n.parse::<u32>() {
                Ok(n) if n > 0 => count = n,
                _ => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    let root = TestRoot::new();
    let server = root.server(Cert::For(LOOPBACK_NAMES));
    let client = client_config(root.der(), tls12_only);
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = listener.local_addr().expect("its address").port();
    // The server's thread reports its CPU time after its first `count + 1` connections.
    let server_cpu = thread::spawn(move || serve(listener, server, count + 1));

    // One handshake before timing: the first one pays for the lazy set-up of both ends.
    handshake(&client, port);
    let (start, client_start) = (Instant::now(), thread_cpu());
    let mut version = None;
    for _ in 0..count {
        version = handshake(&client, port);
    }
    let seconds = start.elapsed().as_secs_f64();
    let client_cpu = thread_cpu() - client_start;
    let server_cpu = server_cpu.join().expect("the server's thread");
    let per_handshake_ms = |cpu: Duration| cpu.as_secs_f64() * 1000.0 / f64::from(count);
    println!(
        "{count} handshakes ({}) in {seconds:.3} s: {:.1} handshakes/s; CPU per handshake: \
         client {:.3} ms, server {:.3} ms",
        version.map_or("?".into(), |v| format!("{v:?}")),
        f64::from(count) / seconds,
        per_handshake_ms(client_cpu),
        per_handshake_ms(server_cpu),
    );
    ExitCode::SUCCESS
}

/// The CPU time this thread has used (user and system).
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec to write, and the clock exists on Linux and macOS.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread's CPU clock");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// The engine's client settings (bindings/src/online/tls.rs): ring, rustls's safe default
/// versions, the public roots, and here the test root as the one extra root.
fn client_config(test_root: &[u8], tls12_only: bool) -> Arc<ClientConfig> {
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    roots
        .add(CertificateDer::from(test_root.to_vec()))
        .expect("the test root");
    #[allow(deprecated)] // ring's provider, as the engine's client
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = ClientConfig::builder_with_provider(provider);
    let builder = if tls12_only {
        builder.with_protocol_versions(&[&rustls::version::TLS12])
    } else {
        builder.with_safe_default_protocol_versions()
    };
    let mut config = builder
        .expect("TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    // Every handshake a full one: a resumed session would skip the certificate check and
    // the key exchange's signature, the costly parts.
    config.resumption = rustls::client::Resumption::disabled();
    Arc::new(config)
}

/// One full handshake on a new connection; the version agreed.
fn handshake(config: &Arc<ClientConfig>, port: u16) -> Option<rustls::ProtocolVersion> {
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).expect("the server");
    let name = ServerName::try_from("localhost").expect("a server name");
    let mut conn = ClientConnection::new(Arc::clone(config), name).expect("a client");
    let mut tls = rustls::Stream::new(&mut conn, &mut tcp);
    let mut done = [0u8; 1];
    tls.read_exact(&mut done).expect("the server's byte");
    conn.protocol_version()
}

/// Accepts `count` connections one at a time (a handshake, then one byte, then the next);
/// the CPU time of all but the first (the untimed one).
fn serve(listener: TcpListener, config: Arc<ServerConfig>, count: u32) -> Duration {
    let mut timed_from = Duration::ZERO;
    for (n, tcp) in listener.incoming().take(count as usize).enumerate() {
        if n == 1 {
            timed_from = thread_cpu();
        }
        let Ok(mut tcp) = tcp else { continue };
        let mut conn = ServerConnection::new(Arc::clone(&config)).expect("a server");
        while conn.is_handshaking() {
            conn.complete_io(&mut tcp).expect("the server's handshake");
        }
        let mut tls = rustls::Stream::new(&mut conn, &mut tcp);
        tls.write_all(b"!")
            .and_then(|()| tls.flush())
            .expect("the server's byte");
    }
    thread_cpu() - timed_from
}
