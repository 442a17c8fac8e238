//! TLS under the WebSocket for `wss://` servers: rustls with its `ring` provider and the
//! web's public roots (`webpki-roots`), on the connection thread's blocking socket.
//!
//! Why not the platforms' own TLS (and trust store): it would need a stream implemented in
//! Kotlin and Swift and called across the FFI for every read, and the certificate checks
//! would differ per platform; `ring` rather than `aws-lc-rs` because aws-lc needs cmake and
//! nasm in every app build. docs/online.md ("TLS") has the sizes.
//!
//! The socket keeps the 20 ms read timeout of a plain connection: rustls keeps a partial
//! record in its own buffer when a read times out, and the timeout reaches the read loop as
//! the same `WouldBlock`/`TimedOut` as on a plain socket, so it is never taken for a lost
//! connection.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;

use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};

/// The byte stream under the WebSocket.
pub(crate) enum Stream {
    Plain(TcpStream),
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

impl Stream {
    /// The TCP socket, for its timeouts.
    pub fn tcp(&self) -> &TcpStream {
        match self {
            Stream::Plain(tcp) => tcp,
            Stream::Tls(tls) => tls.get_ref(),
        }
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(tcp) => tcp.read(buf),
            Stream::Tls(tls) => tls.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(tcp) => tcp.write(buf),
            Stream::Tls(tls) => tls.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Plain(tcp) => tcp.flush(),
            Stream::Tls(tls) => tls.flush(),
        }
    }
}

/// Why a TLS handshake failed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The server's certificate is not one this client trusts (unknown issuer, self-signed,
    /// another name, expired, ...): trying again will not help.
    Untrusted(String),
    /// Anything else (a dropped connection, a timeout, a server that is not TLS): worth
    /// trying again.
    Other(String),
}

/// The client's TLS settings: rustls's defaults (TLS 1.2 and 1.3), the public roots, and
/// `extra_roots` (DER certificates; only Rust callers can give any, see
/// `OnlineSession::create_trusting`).
pub(crate) fn client_config(extra_roots: &[Vec<u8>]) -> Result<Arc<ClientConfig>, String> {
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    for der in extra_roots {
        roots
            .add(CertificateDer::from(der.clone()))
            .map_err(|e| format!("an extra root certificate: {e}"))?;
    }
    // Deprecated since rustls 0.23.48 because ring has no post-quantum key exchange (X25519
    // and the NIST curves only); aws-lc-rs has it but needs cmake and nasm in app builds.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS settings: {e}"))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Runs the TLS handshake for `host` (its SNI, and the name the certificate must carry; an
/// IP address is checked against the certificate's IP names) on `tcp`, whose read timeout
/// bounds each wait.
pub(crate) fn connect(
    config: &Arc<ClientConfig>,
    host: &str,
    mut tcp: TcpStream,
) -> Result<Stream, Failure> {
    let name = ServerName::try_from(host.to_string())
        .map_err(|e| Failure::Other(format!("'{host}' as a TLS server name: {e}")))?;
    let mut conn = ClientConnection::new(Arc::clone(config), name)
        .map_err(|e| Failure::Other(format!("starting TLS: {e}")))?;
    while conn.is_handshaking() {
        match conn.complete_io(&mut tcp) {
            Ok((0, 0)) => {
                return Err(Failure::Other(
                    "the server closed the connection during the TLS handshake".into(),
                ));
            }
            Ok(_) => {}
            Err(err) => return Err(classify(&err)),
        }
    }
    Ok(Stream::Tls(Box::new(StreamOwned::new(conn, tcp))))
}

/// A certificate rustls refused is `Untrusted`; every other failure may pass.
fn classify(err: &io::Error) -> Failure {
    let tls = err
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>());
    match tls {
        Some(rustls::Error::InvalidCertificate(why)) => {
            Failure::Untrusted(format!("the server's certificate: {why:?}"))
        }
        Some(other) => Failure::Other(format!("TLS: {other}")),
        None => Failure::Other(format!("TLS handshake: {err}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_certificate_errors_are_untrusted() {
        let bad_cert = io::Error::new(
            io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer),
        );
        assert!(matches!(classify(&bad_cert), Failure::Untrusted(_)));
        let expired = io::Error::new(
            io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::Expired),
        );
        assert!(matches!(classify(&expired), Failure::Untrusted(_)));
        let not_tls = io::Error::new(
            io::ErrorKind::InvalidData,
            rustls::Error::InvalidMessage(rustls::InvalidMessage::InvalidContentType),
        );
        assert!(matches!(classify(&not_tls), Failure::Other(_)));
        let timeout = io::Error::from(io::ErrorKind::WouldBlock);
        assert!(matches!(classify(&timeout), Failure::Other(_)));
    }

    #[test]
    fn the_public_roots_are_loaded_and_bad_extra_roots_refused() {
        assert!(client_config(&[]).is_ok());
        assert!(client_config(&[b"not a certificate".to_vec()]).is_err());
    }
}
