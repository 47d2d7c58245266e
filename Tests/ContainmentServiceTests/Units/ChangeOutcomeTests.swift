import ContainmentPersistence
import Testing

@testable import ContainmentService

/// `state_not_durable` has two meanings a client must tell apart without reading `detail`: the
/// change was not applied (retry), or its commit's fate is unknown (read before retrying).
@Suite struct ChangeOutcomeTests {
    @Test func aCommitCutOffMidwayIsInDoubtAndEveryOtherRefusedChangeWasNotApplied() {
        #expect(Problem.refused(.commitInDoubt(reason: "reset"), madeChange: true).changeOutcome == .inDoubt)
        #expect(Problem.refused(.commitFailed(reason: "disk"), madeChange: true).changeOutcome == .notApplied)
        #expect(Problem.notDurable(.commitFailed(reason: "disk"), applied: true).changeOutcome == .notApplied)
        #expect(Problem.notDurable(.commitFailed(reason: "disk"), applied: false).changeOutcome == .notApplied)
    }

    @Test func answersThatRefusedNoChangeSayNothingOfOne() {
        #expect(Problem.refused(.commitInDoubt(reason: "reset"), madeChange: false).changeOutcome == nil)
        #expect(Problem.refused(.commitFailed(reason: "disk"), madeChange: false).changeOutcome == nil)
        #expect(Problem.notShown(.commitFailed(reason: "disk")).changeOutcome == nil)
        #expect(Problem.notDurable(.commitFailed(reason: "disk"), applied: false, forChange: false).changeOutcome == nil)
        #expect(Problem.refused(.ownershipLost(tree: "t"), madeChange: true).changeOutcome == nil)
    }
}
