import Foundation

/// Writes a shell script the tests run as a stand-in program, executable.
///
/// NB: opened with O_CLOEXEC and closed before anything runs it. `Data.write` leaves its
/// descriptor inheritable for a moment, and a program another test spawns in that moment keeps
/// it open for its whole life, so running this script fails with "Text file busy".
func writeExecutableScript(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  guard write(descriptor, bytes, bytes.count) == bytes.count else {
    throw CocoaError(.fileWriteUnknown)
  }
  fchmod(descriptor, 0o755)
}
