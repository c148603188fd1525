import Foundation
import SystemIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite("Sockets: UnixSocketListener, SocketConnection, TCPListener, SocketPath")
struct SocketsTests {
    func mode(of path: String) -> (permissions: mode_t, gid: gid_t, isSocket: Bool) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (0, 0, false) }
        return (info.st_mode & 0o7777, info.st_gid, (info.st_mode & S_IFMT) == S_IFSOCK)
    }

    /// Accepts one connection, waiting for it with poll (the listener is non-blocking).
    func acceptOne(_ listener: UnixSocketListener) throws -> SocketConnection? {
        _ = try listener.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: 10_000)
        return try listener.accept()
    }

    @Test("the socket file gets mode 0660 by default, or the mode and group asked for")
    func permissions() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let listener = try UnixSocketListener(path: dir.file("a.sock"))
        defer { listener.close() }
        #expect(mode(of: listener.path).isSocket)
        #expect(mode(of: listener.path).permissions == 0o660)
        let group: gid_t = getuid() == 0 ? 4_242 : getgid()
        let other = try UnixSocketListener(path: dir.file("b.sock"), mode: 0o600, group: group)
        defer { other.close() }
        #expect(mode(of: other.path).permissions == 0o600)
        #expect(mode(of: other.path).gid == group)
    }

    @Test("a connection is accepted without blocking and the peer credentials are ours")
    func acceptAndCredentials() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let listener = try UnixSocketListener(path: dir.file("a.sock"))
        defer { listener.close() }
        #expect(try listener.accept() == nil)
        let client = try SocketConnection.connect(unixPath: listener.path)
        defer { client.close() }
        let server = try #require(try acceptOne(listener))
        defer { server.close() }
        let credentials = try server.peerCredentials()
        #expect(credentials == PeerCredentials(pid: getpid(), uid: getuid(), gid: getgid()))
        try client.sendAll(Array("hello\n".utf8))
        _ = try server.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: 10_000)
        #expect(try server.read(upTo: 64) == Array("hello\n".utf8))
    }

    @Test("a stale socket left by a dead server is replaced")
    func staleSocketReplaced() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let path = dir.file("a.sock")
        let dead = try UnixSocketListener(path: path)
        dead.descriptor.close()  // the server died: the file stays, nobody listens
        #expect(mode(of: path).isSocket)
        let fresh = try UnixSocketListener(path: path)
        defer { fresh.close() }
        let client = try SocketConnection.connect(unixPath: path)
        defer { client.close() }
        #expect(try acceptOne(fresh) != nil)
    }

    @Test("a live socket is never stolen: the second server fails naming the path, the first keeps serving")
    func liveSocketKept() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let path = dir.file("a.sock")
        let live = try UnixSocketListener(path: path)
        defer { live.close() }
        #expect(throws: SystemError(code: EADDRINUSE, operation: "socket \(path) is in use by a running server")) {
            _ = try UnixSocketListener(path: path)
        }
        #expect("\(SystemError(code: EADDRINUSE, operation: "socket \(path) is in use by a running server"))"
            == "socket \(path) is in use by a running server: Address already in use")
        _ = try? live.accept()  // drain the probe connection
        let client = try SocketConnection.connect(unixPath: path)
        defer { client.close() }
        #expect(try acceptOne(live) != nil)
    }

    @Test("a path that is not a socket is neither removed nor bound")
    func notASocket() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let path = dir.file("notes.txt")
        _ = FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8))
        #expect(throws: SystemError(code: EEXIST, operation: "bind \(path) (the path exists and is not a socket)")) {
            _ = try UnixSocketListener(path: path)
        }
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }

    @Test("close removes the socket file; an overlong path is an error naming it")
    func closeAndLongPath() throws {
        let dir = try TemporaryDirectory(prefix: "sock")
        defer { dir.remove() }
        let listener = try UnixSocketListener(path: dir.file("a.sock"))
        listener.close()
        #expect(!FileManager.default.fileExists(atPath: listener.path))
        let long = "/tmp/" + String(repeating: "x", count: 120) + ".sock"
        #expect(throws: SystemError(code: ENAMETOOLONG, operation: "bind \(long) (a socket path must be 1–107 bytes)")) {
            _ = try UnixSocketListener(path: long)
        }
        #expect(throws: SystemError.self) { _ = try SocketConnection.connect(unixPath: dir.file("none.sock")) }
    }

    @Test("TCP listener binds loopback on a kernel-chosen port and accepts a client")
    func tcp() throws {
        let listener = try TCPListener(port: 0)
        defer { listener.close() }
        #expect(listener.host == "127.0.0.1")
        #expect(listener.port > 0)
        let client = try SocketConnection.connect(host: "127.0.0.1", port: listener.port)
        defer { client.close() }
        _ = try listener.descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: 10_000)
        let server = try #require(try listener.accept())
        defer { server.close() }
        try server.sendAll(Array("{\"class\":\"VERSION\"}\n".utf8))
        #expect(try client.read(upTo: 64) == Array("{\"class\":\"VERSION\"}\n".utf8))
        #expect(throws: SystemError(code: EINVAL, operation: "bind localhost (not a numeric IPv4 address)")) {
            _ = try TCPListener(host: "localhost", port: 0)
        }
    }

    @Test("user and group names resolve to ids; numbers pass through; unknown names are errors naming them")
    func accounts() throws {
        #expect(try AccountLookup.userID("root") == 0)
        #expect(try AccountLookup.groupID("root") == 0)
        #expect(try AccountLookup.userID("1234") == 1_234)
        #expect(try AccountLookup.groupID("20") == 20)
        #expect(throws: SystemError(code: ENOENT, operation: "look up group \"no-such-waygate-group\"")) {
            _ = try AccountLookup.groupID("no-such-waygate-group")
        }
        #expect(throws: SystemError(code: ENOENT, operation: "look up user \"no-such-waygate-user\"")) {
            _ = try AccountLookup.userID("no-such-waygate-user")
        }
    }

    @Test("the default socket path follows WAYGATE_SOCKET, root, XDG_RUNTIME_DIR, then /tmp")
    func defaultPath() {
        #expect(SocketPath.resolveDefault(environment: ["WAYGATE_SOCKET": "/x/w.sock", "XDG_RUNTIME_DIR": "/run/user/1000"], uid: 0) == "/x/w.sock")
        #expect(SocketPath.resolveDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/0"], uid: 0) == "/run/waygate/waygate.sock")
        #expect(SocketPath.resolveDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000) == "/run/user/1000/waygate.sock")
        #expect(SocketPath.resolveDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"], uid: 1000) == "/run/user/1000/waygate.sock")
        #expect(SocketPath.resolveDefault(environment: ["WAYGATE_SOCKET": "", "XDG_RUNTIME_DIR": ""], uid: 1000) == "/tmp/waygate-1000.sock")
        #expect(SocketPath.resolveDefault(environment: [:], uid: 1000) == "/tmp/waygate-1000.sock")
    }
}
