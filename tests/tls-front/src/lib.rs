//! A TLS front for `mills-server` in tests, as a deployment puts Caddy or nginx in front of
//! it: certificates made at run time under a made-up root ([`TestRoot`]) and a terminator on
//! a loopback port ([`Terminator`]) that forwards the plaintext to the server. Used by the
//! bindings' own `wss://` tests and, through the `mills-tls-front` binary, by the app suites.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// The names a loopback front's certificate carries: what `localhost:PORT` and
/// `127.0.0.1:PORT` connect to.
pub const LOOPBACK_NAMES: &[&str] = &["localhost", "127.0.0.1"];

/// A made-up certificate authority.
pub struct TestRoot {
    der: CertificateDer<'static>,
    issuer: Issuer<'static, KeyPair>,
}

/// What a server certificate is like.
pub enum Cert<'a> {
    /// Issued by the root for these names (DNS names or IP addresses).
    For(&'a [&'a str]),
    /// Issued by the root for these names, valid only in 2020.
    Expired(&'a [&'a str]),
}

impl TestRoot {
    #[allow(clippy::new_without_default)] // each call makes a new key: not a default value
    pub fn new() -> TestRoot {
        let key = KeyPair::generate().expect("a root key");
        let mut params = CertificateParams::new(Vec::<String>::new()).expect("root parameters");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, "Mills test root");
        let der = params.self_signed(&key).expect("the root").der().clone();
        TestRoot {
            der,
            issuer: Issuer::new(params, key),
        }
    }

    /// The root certificate (DER), what a client that trusts this root is given.
    pub fn der(&self) -> &[u8] {
        &self.der
    }

    /// A terminator's settings with a certificate issued by this root.
    pub fn server(&self, cert: Cert<'_>) -> Arc<ServerConfig> {
        let (names, expired) = match cert {
            Cert::For(names) => (names, false),
            Cert::Expired(names) => (names, true),
        };
        let key = KeyPair::generate().expect("a server key");
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let mut params = CertificateParams::new(names).expect("server parameters");
        if expired {
            params.not_before = rcgen::date_time_ymd(2020, 1, 1);
            params.not_after = rcgen::date_time_ymd(2020, 12, 31);
        }
        let cert = params
            .signed_by(&key, &self.issuer)
            .expect("a server certificate");
        server_config(cert.der().clone(), &key)
    }
}

/// Settings with a self-signed certificate for `names` (no root a client knows).
pub fn self_signed(names: &[&str]) -> Arc<ServerConfig> {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let made = rcgen::generate_simple_self_signed(names).expect("a self-signed certificate");
    server_config(made.cert.der().clone(), &made.signing_key)
}

fn server_config(cert: CertificateDer<'static>, key: &KeyPair) -> Arc<ServerConfig> {
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    #[allow(deprecated)] // ring's provider, as the client's (no post-quantum key exchange)
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .expect("the certificate and its key");
    Arc::new(config)
}

/// A TLS terminator on a loopback port that forwards the plaintext to `mills-server`; its
/// certificate can be changed (for the next connections) and its connections cut.
pub struct Terminator {
    pub port: u16,
    config: Arc<Mutex<Arc<ServerConfig>>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    /// TCP connections taken (each a TLS handshake tried).
    accepted: Arc<AtomicUsize>,
}

impl Terminator {
    /// Listens on `listen` (port 0: one the system picks) and forwards to the server on
    /// `127.0.0.1:server_port`; each connection has its own thread.
    pub fn start_on(listen: &str, server_port: u16, config: Arc<ServerConfig>) -> Terminator {
        let listener = TcpListener::bind(listen).expect("the terminator's port");
        let port = listener.local_addr().expect("its address").port();
        let config = Arc::new(Mutex::new(config));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let accepted = Arc::new(AtomicUsize::new(0));
        let (config2, open2, accepted2) = (config.clone(), open.clone(), accepted.clone());
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                accepted2.fetch_add(1, Ordering::SeqCst);
                let config = config2.lock().unwrap().clone();
                let open = open2.clone();
                thread::spawn(move || terminate(client, server_port, config, &open));
            }
        });
        Terminator {
            port,
            config,
            open,
            accepted,
        }
    }

    /// On a loopback port the system picks.
    pub fn start(server_port: u16, config: Arc<ServerConfig>) -> Terminator {
        Terminator::start_on("127.0.0.1:0", server_port, config)
    }

    pub fn set_certificate(&self, config: Arc<ServerConfig>) {
        *self.config.lock().unwrap() = config;
    }

    /// Cuts every open connection (both sides), as a network that drops.
    pub fn cut(&self) {
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

/// One connection: the TLS handshake, then plaintext both ways until either side ends. One
/// thread polls both sockets with short read timeouts (a rustls stream cannot be split).
fn terminate(
    client: TcpStream,
    server_port: u16,
    config: Arc<ServerConfig>,
    open: &Mutex<Vec<TcpStream>>,
) {
    let _ = client.set_read_timeout(Some(Duration::from_secs(5)));
    if let Ok(copy) = client.try_clone() {
        open.lock().unwrap().push(copy);
    }
    let Ok(conn) = ServerConnection::new(config) else {
        return;
    };
    let mut tls = StreamOwned::new(conn, client);
    while tls.conn.is_handshaking() {
        // A client that refuses the certificate ends here (it sends an alert and closes).
        if tls.conn.complete_io(&mut tls.sock).is_err() {
            let _ = tls.sock.shutdown(Shutdown::Both);
            return;
        }
    }
    let Ok(mut upstream) = TcpStream::connect(("127.0.0.1", server_port)) else {
        let _ = tls.sock.shutdown(Shutdown::Both);
        return;
    };
    if let Ok(copy) = upstream.try_clone() {
        open.lock().unwrap().push(copy);
    }
    let tick = Some(Duration::from_millis(2));
    let _ = tls.sock.set_read_timeout(tick);
    let _ = upstream.set_read_timeout(tick);
    let mut buf = [0u8; 16 * 1024];
    let waiting =
        |e: &std::io::Error| matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut);
    loop {
        match tls.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if upstream.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            Err(e) if waiting(&e) => {}
            Err(_) => break,
        }
        match upstream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if tls.write_all(&buf[..n]).and_then(|()| tls.flush()).is_err() {
                    break;
                }
            }
            Err(e) if waiting(&e) => {}
            Err(_) => break,
        }
    }
    let _ = tls.sock.shutdown(Shutdown::Both);
    let _ = upstream.shutdown(Shutdown::Both);
}
