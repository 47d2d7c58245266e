import Testing

@testable import ContainmentPersistence

/// `--state-url` parsed once: libpq gets every part, messages only host, port and database,
/// and a malformed URL is refused without quoting any of it.
@Suite struct PostgresURLTests {
    @Test func everyFormOfThePasswordReachesLibpqAndNoneTheMessages() throws {
        let cases: [(url: String, password: String)] = [
            ("postgresql://app:s3cret@db.example:5433/trees", "s3cret"),
            ("postgres://app@db.example:5433/trees?password=s3cret&sslmode=require", "s3cret"),
            ("postgresql://app:s3@cr@t@db.example:5433/trees", "s3@cr@t"),
            ("postgresql://app:s3%2Fcr%3Ft@db.example:5433/trees", "s3/cr?t"),
        ]
        for (text, password) in cases {
            let url = try PostgresURL(text)
            #expect(url.redacted == "postgresql://db.example:5433/trees", "\(text)")
            #expect(url.connectionString.contains("password='\(password.replacing("'", with: "\\'"))'"), "\(text)")
            #expect(url.connectionString.contains("host='db.example'"))
            #expect(url.scrubbed("failed for \(password)") == "failed for ***")
        }
    }

    @Test func hostsPortsAndParametersAreHandedOnQuoted() throws {
        let url = try PostgresURL("postgresql://o'brien@[::1]:5432,other/my%20db?options=-csearch_path%3Dx&ssl=true")
        #expect(
            url.connectionString
                == #"user='o\'brien' host='::1,other' port='5432,' dbname='my db' options='-csearch_path=x' sslmode='require'"#)
        #expect(url.redacted == "postgresql://[::1]:5432,other/my%20db")
        #expect(try PostgresURL("postgresql://%2Fvar%2Frun%2Fpostgresql/c").connectionString == "host='/var/run/postgresql' dbname='c'")
    }

    @Test func aMalformedURLIsRefusedWithoutQuotingIt() {
        let secret = "hunter2"
        let malformed = [
            "mysql://app:\(secret)@db/c", "postgresql://app:\(secret)%zz@db/c", "postgresql://app:\(secret)@db/c?\(secret)",
            "postgresql://app:\(secret)@db:port\(secret)/c", "postgresql://app:12/\(secret)@db/c", "postgresql://db/c?user=\(secret)@x",
            "postgresql://app:\(secret)@[::1/c",
        ]
        for text in malformed {
            let error = #expect(throws: PostgresURL.Invalid.self, "\(text)") { try PostgresURL(text) }
            #expect(error.map { !$0.description.contains(secret) && !$0.description.contains("app") } == true, "\(text)")
        }
    }
}
