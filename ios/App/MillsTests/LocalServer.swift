import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux) || os(macOS)
/// The real `mills-server` on loopback, for the online tests: the binary that
/// tests/swift-linux/run.sh builds and names in MILLS_SERVER_BIN, on a port the system
/// picks, with its SQLite store in a fresh folder. It can be killed (SIGKILL, as a crash)
/// and started again on the same port and store.
final class LocalServer {
    let folder: URL
    private(set) var port = 0
    private var process: Process?
    /// More of mills-server's flags, e.g. `--timer-scale-percent`.
    private let extraArguments: [String]

    /// `ws://127.0.0.1:PORT`, as the settings name a server.
    var address: String { "ws://127.0.0.1:\(port)" }

    /// Whether the tests can run one: always under tests/swift-linux/run.sh (it fails when the
    /// binary is missing); in Xcode on a Mac only when the scheme names it.
    static var binary: String? { ProcessInfo.processInfo.environment["MILLS_SERVER_BIN"] }

    init(extraArguments: [String] = []) throws {
        self.extraArguments = extraArguments
        folder = try TemporaryFolder.make("server")
        try start()
    }

    deinit {
        stop()
    }

    /// Starts the server (on the port it had before, if any) and waits until it listens.
    func start() throws {
        let binary = try #require(Self.binary, "MILLS_SERVER_BIN names no mills-server (tests/swift-linux/run.sh sets it)")
        let log = folder.appending(path: "server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path(percentEncoded: false), contents: nil)
        let process = Process()
        process.executableURL = URL(filePath: binary)
        process.arguments = [
            "--listen", "127.0.0.1:\(port)",
            "--db", folder.appending(path: "server.db").path(percentEncoded: false),
            "--log-level", "info",
        ] + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        self.process = process
        port = try listeningPort(in: log)
    }

    /// Kills the server at once, as a crash would: no goodbye to any client.
    func kill() {
        guard let process, process.isRunning else { return }
        killAtOnce(process.processIdentifier)
        process.waitUntilExit()
        self.process = nil
    }

    func stop() {
        kill()
    }

    /// The port from the server's "mills-server listening" log line (JSON, on stderr).
    private func listeningPort(in log: URL) throws -> Int {
        let deadline = Date.now.addingTimeInterval(20)
        while Date.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #""listen":"127\.0\.0\.1:[0-9]+""#, options: .regularExpression) {
                let digits = text[range].split(separator: ":").last?.filter(\.isNumber) ?? ""
                if let port = Int(digits) { return port }
            }
            if let process, !process.isRunning {
                Issue.record("mills-server exited: \(text)")
                throw LocalServerError.exited
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw LocalServerError.notListening
    }
}

enum LocalServerError: Error {
    case exited, notListening
}

/// SIGKILL (the system's `kill`, which the method of the same name hides inside the class).
private func killAtOnce(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
}
#endif
