import CLibPQ
import Glibc

/// libpq's functions, loaded with `dlopen` when a service is given `--state-url`, not linked:
/// linking it loads libpq and the 23 libraries it needs (OpenSSL, Kerberos, LDAP, GnuTLS…) into
/// every process at start, 5.4 MB of resident memory, whether PostgreSQL is used or not
/// (benchmarks/notes.md). Each function is resolved once; the types are libpq-fe.h's.
struct LibPQ: @unchecked Sendable {
    let connectdb: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let socket: @convention(c) (OpaquePointer?) -> Int32
    let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let sendQueryParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    let sendPrepare: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> Int32
    let sendQueryPrepared:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Int32
    let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let enterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let exitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let pipelineSync: @convention(c) (OpaquePointer?) -> Int32
    let consumeInput: @convention(c) (OpaquePointer?) -> Int32
    let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let resultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let clear: @convention(c) (OpaquePointer?) -> Void
    let conninfoParse: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let libVersion: @convention(c) () -> Int32

    /// The library's file name in Debian's libpq5 (what `libpq-dev` pulls in).
    static let fileName = "libpq.so.5"

    /// libpq, loaded at the first use; the failure names the file and what to install.
    static let shared: Result<LibPQ, PostgresError> = load()

    private static func load() -> Result<LibPQ, PostgresError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.libraryMissing("\(fileName) cannot be loaded (\(reason)); install Debian's libpq5"))
        }
        do throws(PostgresError) {
            func symbol<Function>(_ name: String, as type: Function.Type) throws(PostgresError) -> Function {
                guard let address = dlsym(handle, name) else { throw .libraryMissing("\(fileName) lacks \(name)") }
                return unsafeBitCast(address, to: type)
            }
            let library = LibPQ(
                connectdb: try symbol("PQconnectdb", as: (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self),
                finish: try symbol("PQfinish", as: (@convention(c) (OpaquePointer?) -> Void).self),
                status: try symbol("PQstatus", as: (@convention(c) (OpaquePointer?) -> ConnStatusType).self),
                transactionStatus: try symbol("PQtransactionStatus", as: (@convention(c) (OpaquePointer?) -> PGTransactionStatusType).self),
                errorMessage: try symbol("PQerrorMessage", as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self),
                socket: try symbol("PQsocket", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                exec: try symbol("PQexec", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
                sendQueryParams: try symbol(
                    "PQsendQueryParams",
                    as: (@convention(c) (
                        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
                        UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
                    ) -> Int32).self),
                sendPrepare: try symbol(
                    "PQsendPrepare",
                    as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?) -> Int32).self),
                sendQueryPrepared: try symbol(
                    "PQsendQueryPrepared",
                    as: (@convention(c) (
                        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
                        UnsafePointer<Int32>?, Int32
                    ) -> Int32).self),
                getResult: try symbol("PQgetResult", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
                enterPipelineMode: try symbol("PQenterPipelineMode", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                exitPipelineMode: try symbol("PQexitPipelineMode", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                pipelineSync: try symbol("PQpipelineSync", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                consumeInput: try symbol("PQconsumeInput", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                notifies: try symbol("PQnotifies", as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?).self),
                freemem: try symbol("PQfreemem", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
                resultStatus: try symbol("PQresultStatus", as: (@convention(c) (OpaquePointer?) -> ExecStatusType).self),
                resultErrorMessage: try symbol(
                    "PQresultErrorMessage", as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self),
                resultErrorField: try symbol(
                    "PQresultErrorField", as: (@convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?).self),
                ntuples: try symbol("PQntuples", as: (@convention(c) (OpaquePointer?) -> Int32).self),
                getvalue: try symbol("PQgetvalue", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?).self),
                getlength: try symbol("PQgetlength", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self),
                getisnull: try symbol("PQgetisnull", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self),
                clear: try symbol("PQclear", as: (@convention(c) (OpaquePointer?) -> Void).self),
                conninfoParse: try symbol(
                    "PQconninfoParse",
                    as: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<
                        PQconninfoOption
                    >?).self),
                conninfoFree: try symbol("PQconninfoFree", as: (@convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void).self),
                libVersion: try symbol("PQlibVersion", as: (@convention(c) () -> Int32).self))
            // Pipeline mode, which a group commit uses, came with libpq 14.
            guard library.libVersion() >= 140_000 else {
                return .failure(.libraryMissing("\(fileName) is version \(library.libVersion()); pipeline mode needs 14 or later"))
            }
            return .success(library)
        } catch {
            return .failure(error)
        }
    }
}
