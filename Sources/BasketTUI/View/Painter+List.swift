import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Painter {
  // MARK: - List

  mutating func paintList(_ sections: ListSections) {
    let rows = ListRow.rows(for: sections, aisles: state.aisles)
    for offset in 0..<layout.listHeight {
      let index = state.scroll + offset
      guard index < rows.count else { break }
      let y = layout.listTop + offset
      switch rows[index] {
      case .toGetHeader(let count):
        paintSectionLabel(
          state.walking.map { "To get · \($0.shop) order" }
            ?? (state.aisles == nil ? "To get" : "To get · by aisle"), count: count, y: y)
      case .gotItHeader(let count):
        paintSectionLabel("Got it", count: count, y: y)
        paintClearAll(y: y)
      case .nothingLeft:
        frame.fill(x: layout.cardLeft, y: y, width: layout.cardWidth, style: theme.card)
        frame.put(
          "Nothing left to get ✓", x: layout.cardLeft + 2, y: y, style: theme.emptyLine,
          maxWidth: layout.cardWidth - 3)
      case .gap:
        break
      case .aisleHeading(let title):
        frame.fill(x: 0, y: y, width: size.width, style: theme.backdrop)
        frame.put(
          title, x: layout.cardLeft + 3, y: y, style: theme.sectionCount,
          maxWidth: layout.cardWidth - 3)
      case .item(let item, let section):
        paintItem(item, section: section, y: y)
      }
    }
    if state.scroll > 0 {
      frame.put("↑", x: size.width - 1, y: layout.listTop, style: theme.pointer)
    }
    if rows.count > state.scroll + layout.listHeight {
      frame.put(
        "↓", x: size.width - 1, y: layout.listTop + layout.listHeight - 1, style: theme.pointer)
    }
  }

  mutating func paintSectionLabel(_ title: String, count: Int, y: Int) {
    frame.fill(x: 0, y: y, width: size.width, style: theme.backdrop)
    let x = layout.cardLeft + 1
    let used = frame.put(title, x: x, y: y, style: theme.sectionLabel)
    frame.put("  \(count)", x: x + used, y: y, style: theme.sectionCount)
  }

  mutating func paintClearAll(y: Int) {
    let label = " Clear all "
    let picked = state.selection == .clearAll
    let text = theme.isMonochrome && !picked ? "[Clear all]" : label
    let x = layout.cardLeft + layout.cardWidth - TextWidth.of(text)
    frame.put(text, x: x, y: y, style: picked ? theme.chipPicked : theme.chip)
    if picked { frame.put("❯", x: x - 1, y: y, style: theme.pointer) }
  }

  /// One item: ☐ emoji name … chip. Pending check-offs sparkle and strike through from left
  /// to right; Got it items are dimmed and struck; re-added items flash.
  mutating func paintItem(_ item: Item, section: ListRow.Section, y: Int) {
    let x0 = layout.cardLeft
    let width = layout.cardWidth
    let selected = state.selection == .item(item.id)
    let gotIt = section == .gotIt
    let pending = !gotIt && item.checkedAt != nil
    let checkStart = pending ? state.checkOffStarts[item.id] : nil
    let sinceCheck = checkStart.map { state.now.timeIntervalSince($0) } ?? .infinity

    var base =
      gotIt
      ? (selected ? theme.gotItSelected : theme.gotIt)
      : (selected ? theme.cardSelected : theme.card)
    if pending, !theme.isMonochrome {
      // The calm fade: the row softens as it waits to move.
      base.foreground = reduceMotion || sinceCheck > 0.2 ? Theme.Palette.inkSoft : base.foreground
    }
    if let flashStart = state.flashes[item.id], !theme.isMonochrome {
      let elapsed = state.now.timeIntervalSince(flashStart)
      let on = reduceMotion || Int(elapsed / TUITiming.blink) % 2 == 0
      if on { base.background = theme.flashBackground }
    } else if state.flashes[item.id] != nil, theme.isMonochrome {
      base.attributes.insert(.bold)
      base.attributes.formSymmetricDifference(.reverse)
    }
    let plainBase = base.withoutStrike
    frame.fill(x: x0, y: y, width: width, style: plainBase)
    if selected { frame.put("❯", x: x0 - 1, y: y, style: theme.pointer) }

    // Box and emoji.
    var box = plainBase
    if !theme.isMonochrome { box.foreground = Theme.Palette.leaf }
    box.attributes.insert(.bold)
    let mark = gotIt ? "✓" : pending ? "☑" : "☐"
    frame.put(mark, x: x0 + 1, y: y, style: box)
    frame.put(emojiRepertoire.displayed(item.emoji), x: x0 + 3, y: y, style: plainBase, maxWidth: 2)

    // Renaming in place replaces the name with a field.
    let nameX = x0 + 6
    let rightEdge = x0 + width - 1
    if case .rename(let draft) = state.mode, draft.itemID == item.id {
      paintRenameField(draft, x: nameX - 1, y: y, width: rightEdge - nameX + 1)
      return
    }
    // Writing a note: the name stays, the field takes the rest of the row.
    if case .note(let draft) = state.mode, draft.itemID == item.id {
      let nameWidth = frame.put(
        TextWidth.truncate(item.name, toWidth: max(4, (rightEdge - nameX) / 3)), x: nameX, y: y,
        style: plainBase)
      let fieldX = nameX + nameWidth + 1
      paintRenameField(draft, x: fieldX, y: y, width: max(4, rightEdge - fieldX + 1))
      return
    }

    // The quantity chip keeps its place at the right; the name gives way.
    var nameLimit = rightEdge - nameX
    // NB: an item recipes asked for shows what to buy (`Item.buyable`) until a quantity is set.
    if let chipText = item.quantity?.chipText ?? item.buyable?.text {
      let chip = " \(chipText) "
      let chipWidth = TextWidth.of(chip)
      let chipX = rightEdge - chipWidth
      if chipX - nameX >= 4 {
        frame.put(
          chip, x: chipX, y: y, style: gotIt ? theme.quantityChipDim : theme.quantityChip)
        nameLimit = chipX - 1 - nameX
      }
    }
    let name = TextWidth.truncate(item.name, toWidth: nameLimit)
    let nameWidth = frame.put(name, x: nameX, y: y, style: plainBase)
    // The household's note, then which recipes asked for it, softly after the name, when
    // there is room for them (a row is one line: the note sits beside the name, not under it).
    let recipes = item.recipeNeeds.recipes.map(\.title)
    let room = nameLimit - nameWidth - 1
    let soft: [String] = [
      item.note.map { "· " + $0 },
      recipes.isEmpty ? nil : "· for " + recipes.joined(separator: ", "),
    ].compactMap { $0 }
    if !soft.isEmpty, !gotIt, room >= 8 {
      var style = plainBase
      if !theme.isMonochrome { style.foreground = Theme.Palette.inkSoft }
      if item.note != nil { style.attributes.insert(.italic) }
      let note = TextWidth.truncate(soft.joined(separator: " "), toWidth: room)
      frame.put(note, x: nameX + nameWidth + 1, y: y, style: style)
    }

    if gotIt {
      frame.restyle(x: nameX, y: y, width: nameWidth) { $0.attributes.insert(.strikethrough) }
    } else if pending {
      let progress =
        reduceMotion || checkStart == nil ? 1 : min(1, sinceCheck / TUITiming.strikeSweep)
      let struck = Int((Double(nameWidth) * progress).rounded(.up))
      frame.restyle(x: nameX, y: y, width: struck) { $0.attributes.insert(.strikethrough) }
      if !reduceMotion, let checkStart {
        paintSparks(
          x0: x0, y: y, nameX: nameX, struck: struck, nameWidth: nameWidth,
          elapsed: state.now.timeIntervalSince(checkStart), background: plainBase.background)
      }
    }
  }

  /// The spark burst: stars burst out either side of the box, and a sparkle rides the head
  /// of the strikethrough as it sweeps across the name.
  mutating func paintSparks(
    x0: Int, y: Int, nameX: Int, struck: Int, nameWidth: Int, elapsed: TimeInterval,
    background: Color
  ) {
    let colors = theme.sparkColors
    func spark(_ glyph: String, _ x: Int, _ color: Int, onBackdrop: Bool = false) {
      var style = onBackdrop ? theme.backdrop : Style(background: background)
      style.attributes = .bold
      if !theme.isMonochrome { style.foreground = colors[color % colors.count] }
      frame.put(glyph, x: x, y: y, style: style)
    }
    switch elapsed {
    case ..<0.12:
      spark("✦", x0, 0)
      spark("✦", x0 + 2, 1)
    case ..<0.25:
      spark("✧", x0, 1)
      spark("✧", x0 + 2, 2)
      if x0 >= 1 { spark("✶", x0 - 1, 0, onBackdrop: true) }
    case ..<0.4:
      spark("⋆", x0 + 2, 0)
      if x0 >= 1 { spark("✧", x0 - 1, 1, onBackdrop: true) }
    default:
      break
    }
    if struck < nameWidth, struck > 0, !theme.isMonochrome {
      // The sweep's head glows as it passes over the name.
      let color = colors[Int(elapsed / TUITiming.frame) % colors.count]
      frame.restyle(x: nameX + struck - 1, y: y, width: 1) { style in
        style.foreground = color
        style.attributes.insert(.bold)
      }
    }
  }

  mutating func paintRenameField(_ draft: RenameDraft, x: Int, y: Int, width: Int) {
    frame.fill(x: x, y: y, width: width, style: theme.field)
    let shown = TextWidth.tail(draft.text, toWidth: max(1, width - 3))
    let used = frame.put(shown, x: x + 1, y: y, style: theme.field)
    frame.put(" ", x: x + 1 + used, y: y, style: theme.caret)
    frame.put("✎", x: x + width - 1, y: y, style: theme.field.adding(.bold))
  }

  // MARK: - Empty state and celebration

  mutating func paintEmptyState() {
    let width = min(layout.cardWidth, 52)
    let x = layout.cardLeft + (layout.cardWidth - width) / 2
    let picture = mood.seasonalAccent.map { "\($0) 🧺 \($0)" } ?? "🧺"
    var lines: [(String, Style)] = [(picture, theme.card)]
    lines.append(("", theme.card))
    lines += Self.wrap(mood.emptyLine, width: width - 4).map { ($0, theme.emptyLine) }
    lines.append(("", theme.card))
    lines += Self.wrap("Type an item below and press Enter.", width: width - 4)
      .map { ($0, theme.card) }
    let height = min(layout.listHeight, lines.count + 2)
    let top = layout.listTop + max(0, (layout.listHeight - height) / 2)
    card(x: x, y: top, width: width, height: height, style: theme.card)
    for (offset, line) in lines.prefix(height - 2).enumerated() {
      centred(line.0, x: x + 2, y: top + 1 + offset, width: width - 4, style: line.1)
    }
  }

  /// "All done!" on a card in the free space under the list (or centred when the list fills
  /// the screen), with confetti falling through the blank space around it.
  mutating func paintCelebration(elapsed: TimeInterval) {
    let width = min(layout.cardWidth, 34)
    let x = layout.cardLeft + (layout.cardWidth - width) / 2
    let height = min(4, layout.listHeight)
    let used = min(
      layout.listHeight, ListRow.rows(for: sections, aisles: state.aisles).count - state.scroll)
    let free = layout.listHeight - used
    let top =
      free >= height + 1
      ? layout.listTop + used + (free - height + 1) / 2
      : layout.listTop + max(0, (layout.listHeight - height) / 2)
    card(x: x, y: top, width: width, height: height, style: theme.card)
    centred(
      "🎉 All done! 🎉", x: x, y: top + min(1, height - 1), width: width, style: theme.celebrate)
    if height >= 3 {
      centred(
        "Everything's in the basket.", x: x + 1, y: top + 2, width: width - 2,
        style: theme.emptyLine)
    }
    if !reduceMotion { paintConfetti(elapsed: elapsed) }
  }

  /// Confetti falling through the list area's blank space: empty rows and the margins, never
  /// over text (deterministic for a given time).
  mutating func paintConfetti(elapsed: TimeInterval) {
    let glyphs = ["✦", "✧", "⋆", "✶", "❀", "✿"]
    let colors = theme.sparkColors
    let fall = Int(elapsed * 10)
    let cardColumns = layout.cardLeft..<(layout.cardLeft + layout.cardWidth)
    for seed in 0..<18 {
      let hash = (seed &* 7919 &+ 104_729) % 9973
      let x = hash % size.width
      let y = layout.listTop + (hash / 7 + fall + seed) % max(1, layout.listHeight)
      guard isBlank(row: y) || !cardColumns.contains(x) else { continue }
      let cell = frame[x, y]
      guard cell.text == " " || cell.text == theme.backdropDot else { continue }
      var style = cell.style
      style.attributes.insert(.bold)
      if !theme.isMonochrome { style.foreground = colors[(seed + fall) % colors.count] }
      frame.put(glyphs[(seed + fall) % glyphs.count], x: x, y: y, style: style)
    }
  }

  /// Whether row `y` shows nothing but backdrop.
  func isBlank(row y: Int) -> Bool {
    (0..<size.width).allSatisfy { x in
      let cell = frame[x, y]
      return cell.style == theme.backdrop && (cell.text == " " || cell.text == theme.backdropDot)
    }
  }
}

extension Style {
  fileprivate var withoutStrike: Style {
    var copy = self
    copy.attributes.remove(.strikethrough)
    return copy
  }
}
