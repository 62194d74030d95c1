import BasketKit

extension ColorMode {
  /// The nearest xterm-256 palette index for an RGB colour (the 6×6×6 cube or the grey ramp).
  public static func paletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      var best = 0
      for index in levels.indices
      where abs(levels[index] - Int(value)) < abs(levels[best] - Int(value)) {
        best = index
      }
      return best
    }
    let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
    let cube = (levels[ri], levels[gi], levels[bi])
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let greyStep = max(0, min(23, (average - 8 + 5) / 10))
    let grey = 8 + greyStep * 10
    func distance(_ c: (Int, Int, Int)) -> Int {
      let dr = c.0 - Int(r)
      let dg = c.1 - Int(g)
      let db = c.2 - Int(b)
      return dr * dr + dg * dg + db * db
    }
    if distance((grey, grey, grey)) < distance(cube) {
      return UInt8(232 + greyStep)
    }
    return UInt8(16 + 36 * ri + 6 * gi + bi)
  }
}
