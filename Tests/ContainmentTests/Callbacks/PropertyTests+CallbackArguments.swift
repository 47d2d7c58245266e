import PropertyBased
import Testing

@testable import Containment

/// The random overrides passing their callback's value on (docs/uikit-rules-callbacks.md,
/// rule 40): `animated: animated` in the appearance callbacks, the parent in `willMove` and
/// `didMove`. The declarations stay valid and the invariants hold.
extension PropertyTests {
    /// `overrides` with some calls' `animated` (in an appearance callback) or `toParent` (in
    /// `willMove`/`didMove`) replaced by `{"callbackArgument": …}`: the bits of `choosing`
    /// pick which, call by call.
    static func passingCallbackArgumentsOn(_ overrides: [String: [String: [RawCall]]], choosing: Int) -> [String: [String: [RawCall]]] {
        var bit = 0
        return overrides.mapValues { declared in
            declared.reduce(into: [:]) { result, entry in
                let parameter = OverridableCallback(rawValue: entry.key)?.parameter
                result[entry.key] = entry.value.map { call in
                    bit += 1
                    let argument = parameter == "parent" ? "toParent" : parameter
                    guard let argument, let parameter, call.args?[argument] != nil, (choosing >> (bit % 24)) & 1 == 1 else { return call }
                    var call = call
                    call.args?[argument] = ["callbackArgument": .string(parameter)]
                    return call
                }
            }
        }
    }

    /// The generator does pass values on: some of a hundred inputs' overrides do.
    @Test func randomOverridesPassCallbackArgumentsOn() {
        let passing = (0..<100).filter { seed in
            let numbers = (0..<6).map { ($0 + 1) * 7_919 * (seed + 1) % 10_000_000 }
            let declared = Self.passingCallbackArgumentsOn(
                Self.overrides(numbers[...], cast: Self.containerCast, step: Self.containerStep), choosing: numbers[0])
            return declared.values.contains { $0.values.contains { $0.contains(where: \.passesCallbackArgument) } }
        }
        #expect(!passing.isEmpty)
    }

    @Test func randomCallsPassingCallbackArgumentsOnKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...9_999_999).array(of: 2...40)) { numbers in
            let declared = Self.passingCallbackArgumentsOn(
                Self.overrides(numbers.prefix(min(numbers.count / 3 + 1, 6)), cast: Self.controllerIDs, step: Self.step), choosing: numbers[0])
            for overrides in declared.values {
                #expect(throws: Never.self) { try ContainmentTree.validateOverrides(overrides.mapValues { $0 as [RawCall]? }, field: "overrides") }
            }
            _ = Self.replay(numbers, on: try Self.makeTree(), cast: Self.controllerIDs, step: Self.step, atomicBatches: true, passesOn: true)
        }
    }

    @Test func randomContainerCallsPassingCallbackArgumentsOnKeepTheInvariants() async {
        await propertyCheck(count: propertyTestCount(150), input: Gen.int(in: 0...9_999_999).array(of: 2...30)) { numbers in
            _ = Self.replay(numbers, on: try Self.makeContainerTree(), cast: Self.containerCast, step: Self.containerStep, atomicBatches: false, passesOn: true)
        }
    }
}
