import Foundation
import Testing

#if os(Linux) || os(macOS)
/// `wss://` in front of a `LocalServer`, as a deployment puts a TLS proxy in front of
/// mills-server: the tests' TLS front (tests/tls-front, the binary MILLS_TLS_FRONT_BIN names)
/// on a loopback port, with a certificate for `localhost` from a root it makes and writes to
/// the file MILLS_TEST_ROOT_CERT names, the one extra root the suite's engine library trusts
/// (its `test-ca` build; the app's never does).
final class TlsFront {
    let port: Int
    private let process: Process
    private let input = Pipe()

    /// What a player types in the settings: a bare host and port, which the engine takes
    /// as `wss://` on that port.
    var address: String { "localhost:\(port)" }

    private static var binary: String? { ProcessInfo.processInfo.environment["MILLS_TLS_FRONT_BIN"] }
    private static var rootFile: String? { ProcessInfo.processInfo.environment["MILLS_TEST_ROOT_CERT"] }

    /// Always under tests/swift-linux/run.sh (which sets both and builds the library with
    /// `test-ca`); in Xcode only when the scheme names both.
    static var canRun: Bool {
        #if os(Linux)
        return true
        #else
        return binary != nil && rootFile != nil
        #endif
    }

    init(server: LocalServer) throws {
        let binary = try #require(Self.binary, "MILLS_TLS_FRONT_BIN names no mills-tls-front (tests/swift-linux/run.sh sets it)")
        let rootFile = try #require(Self.rootFile, "MILLS_TEST_ROOT_CERT is not set (tests/swift-linux/run.sh sets it)")
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(filePath: binary)
        process.arguments = ["--upstream", "\(server.port)", "--root-out", rootFile]
        // it runs until its standard input closes: with this object, or with the test process
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line.append(more)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening "), let port = Int(text.dropFirst("listening ".count)) else {
            Issue.record("mills-tls-front did not say where it listens: \(text)")
            process.terminate()
            throw LocalServerError.notListening
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
#endif
