import Testing

@testable import ContainmentCommand

@Suite struct AvailableCoresTests {
    @Test func noQuotaSetsNoLimit() {
        #expect(AvailableCores.quotaCores(cpuMax: "max 100000") == nil)
    }

    @Test func quotaIsRoundedUpToWholeCores() {
        #expect(AvailableCores.quotaCores(cpuMax: "100000 100000") == 1)
        #expect(AvailableCores.quotaCores(cpuMax: "150000 100000") == 2)
        #expect(AvailableCores.quotaCores(cpuMax: "50000 100000") == 1)
        #expect(AvailableCores.quotaCores(cpuMax: "400000 100000") == 4)
    }

    @Test func malformedLinesSetNoLimit() {
        for line in ["", "100000", "0 100000", "100000 0", "a b", "1 2 3"] {
            #expect(AvailableCores.quotaCores(cpuMax: line) == nil, "\(line)")
        }
    }

    @Test func countIsAtLeastOne() {
        #expect(AvailableCores.count() >= 1)
    }
}

@Suite struct AllowedCPUsTests {
    private func status(_ list: String) -> String {
        "Name:\tcontainment\nCpus_allowed:\tff\nCpus_allowed_list:\t\(list)\nMems_allowed_list:\t0\n"
    }

    @Test func countsSinglesAndRanges() {
        #expect(AvailableCores.allowedCPUs(status: status("0")) == 1)
        #expect(AvailableCores.allowedCPUs(status: status("0-1")) == 2)
        #expect(AvailableCores.allowedCPUs(status: status("0-3,8")) == 5)
        #expect(AvailableCores.allowedCPUs(status: status("0,2,4-5")) == 4)
    }

    @Test func missingOrMalformedListIsUnknown() {
        #expect(AvailableCores.allowedCPUs(status: "Name:\tcontainment\n") == nil)
        for list in ["", "3-1", "a", "1-", "-1", "1-2-3"] {
            #expect(AvailableCores.allowedCPUs(status: status(list)) == nil, "\(list)")
        }
    }
}
