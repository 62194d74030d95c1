/// Text for HTML and XML made by hand (the welcome pages, the authority's profile, the QR
/// code's SVG).
public enum Markup {
  /// `text` safe inside HTML or XML text and attribute values.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
