/// Adaptive presentations (docs/uikit-rules-adaptivity.md, rule 33): in a compact width a
/// popover or form sheet is shown as a page sheet (since iOS 13 a card the user can swipe down;
/// before, full screen), unless the presentation controller's delegate answers
/// `adaptivePresentationStyle(for:traitCollection:)` otherwise. And where a presented view goes:
/// the window, its context's frame, or a popover's own size.
extension ContainmentTree {
    /// The size the engine gives a popover whose controller leaves `preferredContentSize` at
    /// zero; UIKit sizes it from the content's own layout, which the engine does not model.
    static let defaultPopoverContentSize = Size(width: 320, height: 480)

    /// The style a presentation is shown with in `sizeClass`, asking the delegate when the
    /// controller declares its answer (events `adaptivePresentationStyle`, then, when the
    /// style changes, `willPresentWithAdaptiveStyle`). UIKit adapts only the sheet and popover
    /// styles, and only in a compact width.
    func adaptedStyle(of presented: String, requested: ModalPresentationStyle, sizeClass: SizeClass) -> ModalPresentationStyle {
        guard sizeClass == .compact, requested == .popover || requested == .formSheet || requested == .pageSheet else {
            return requested
        }
        let node = nodes.controllers[existing: presented]
        // An action sheet slides up over everything in a compact width (rule 49).
        if requested == .popover, node.kind == .alertController { return .overFullScreen }
        guard let answer = node.answers.adaptivePresentationStyle else {
            return .pageSheet
        }
        emit(
            presented, "adaptivePresentationStyle",
            ["traitCollection": TraitOverrides.json(sizeClass), "result": .string(answer.rawValue)])
        let adapted = answer.style ?? requested
        emit(presented, "willPresentWithAdaptiveStyle", ["style": .string(answer.rawValue)])
        return adapted
    }

    /// Presentations whose traits changed adapt again (rule 33). One that would start or stop
    /// covering its presenter keeps its style: the engine decides covering when the
    /// presentation begins (docs/uikit-rules-adaptivity.md, "Decisions").
    func adaptPresentations(_ changed: [(id: String, sizeClass: SizeClass)]) throws(ContainmentError) {
        for (controller, sizeClass) in changed {
            guard let presentation = nodes.controllers[controller]?.presentation, presentation.phase == .presented else { continue }
            let requested = presentation.requested
            let adapted = adaptedStyle(of: controller, requested: requested, sizeClass: sizeClass)
            guard adapted != presentation.style, adapted.coversPresenter == presentation.style.coversPresenter else { continue }
            editController(controller) { node in
                node.presentation?.style = adapted
                node.presentation?.requestedStyle = adapted == requested ? nil : requested
            }
            if let node = nodes.controllers[controller], node.isViewLoaded {
                setFrame(node.viewID, presentedFrame(of: controller))
            }
        }
    }

    /// Where a presented controller's view goes: its context's frame for the context styles,
    /// its own size for a popover, else the window's bounds.
    func presentedFrame(of presented: String) -> Rect {
        guard let presentation = nodes.controllers[presented]?.presentation else { return Rect(size: nodes.window.size) }
        if presentation.style.usesPresentationContext, let presenter = nodes.controllers[presentation.presenter], presenter.isViewLoaded,
            let view = nodes.views[presenter.viewID]
        {
            return view.frame
        }
        if presentation.style == .popover {
            let size = popoverContentSize(of: presented)
            return Rect(
                x: max(0, (nodes.window.size.width - size.width) / 2), y: max(0, (nodes.window.size.height - size.height) / 2), width: size.width,
                height: size.height)
        }
        return Rect(size: nodes.window.size)
    }

    /// The size a presentation controller tells what it presents on a window size change
    /// (rule 32): its context's for the context styles, a popover's own, else the window's.
    func presentedContentSize(of presented: String, presenterSize: Size) -> Size {
        guard let presentation = nodes.controllers[presented]?.presentation else { return nodes.window.size }
        if presentation.style.usesPresentationContext { return presenterSize }
        if presentation.style == .popover { return popoverContentSize(of: presented) }
        return nodes.window.size
    }

    private func popoverContentSize(of controller: String) -> Size {
        let preferred = nodes.controllers[existing: controller].preferredContentSize
        let size = preferred.width > 0 && preferred.height > 0 ? preferred : Self.defaultPopoverContentSize
        return Size(width: min(size.width, nodes.window.size.width), height: min(size.height, nodes.window.size.height))
    }

    /// After a window size change: presented views that do not fill the window (a context's, a
    /// popover's) take their new frames; those filling it followed the window already.
    func reframePresentedViews() {
        for node in nodes.controllers.nodes where node.hasExtras && node.presentation != nil && node.isViewLoaded {
            guard let style = node.presentation?.style, style.usesPresentationContext || style == .popover else { continue }
            setFrame(node.viewID, presentedFrame(of: node.id))
        }
    }
}
