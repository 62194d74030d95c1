import BasketKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc

  /// Runs the terminal app until the user quits: raw mode and the alternate screen, keys in,
  /// frames out (only the cells that changed), timers, and polling the store for changes made
  /// elsewhere. The terminal is put back however the run ends: quit, Ctrl-C, SIGTERM or
  /// SIGHUP, or a crash (see `CrashGuard`).
  public final class Runner {
    private let basket: Basket
    private let shops: ShopBook?
    private let clock: AppClock
    private let configuration: TUIConfiguration
    private let recipes: RecipeBook?
    private let plan: PlanBook?
    private let onListShown: (@Sendable (ShoppingList) -> Void)?

    /// `onListShown` hears each list the app moves to (^T), to open on it next time.
    public init(
      basket: Basket, clock: AppClock, configuration: TUIConfiguration, shops: ShopBook? = nil,
      recipes: RecipeBook? = nil, plan: PlanBook? = nil,
      onListShown: (@Sendable (ShoppingList) -> Void)? = nil
    ) {
      self.plan = plan
      self.onListShown = onListShown
      self.basket = basket
      self.shops = shops
      self.clock = clock
      self.configuration = configuration
      self.recipes = recipes
    }

    /// Runs the app. Returns the exit status: 0 after a quit, 128 + the signal's number after
    /// a terminating signal.
    public func run() throws -> Int32 {
      let terminal = try TerminalDevice(
        input: configuration.inputDescriptor, output: configuration.outputDescriptor)
      let relay = try SignalRelay(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGCONT])
      defer { relay.uninstall() }
      terminal.enterRawMode()
      terminal.write(TerminalDevice.enterSequence)
      CrashGuard.arm(
        input: terminal.input, output: terminal.output, settings: terminal.original,
        leave: TerminalDevice.leaveSequence)
      defer {
        CrashGuard.disarm()
        terminal.write(TerminalDevice.leaveSequence)
        terminal.restore()
      }
      return loop(terminal: terminal, relay: relay)
    }

    private func loop(terminal: TerminalDevice, relay: SignalRelay) -> Int32 {
      var size = terminal.size() ?? Size(width: 80, height: 24)
      let program = Program(
        basket: basket,
        state: AppState(
          settings: configuration.settings, now: clock.now, size: size,
          flourish: configuration.flourish), shops: shops, recipes: recipes, plan: plan)
      program.onListShown = onListShown
      program.start()
      let differ = Differ(colorMode: configuration.settings.colorMode)
      var shown: Frame?
      var parser = KeyParser()
      var lastStorePoll = clock.now

      while true {
        if program.takeRedraw() {
          shown = nil
          terminal.write("\u{1B}[2J")
        }
        let frame = render(program.state, size: size)
        if frame != shown {
          terminal.write(differ.diff(from: shown, to: frame))
          shown = frame
        }
        if program.wantsQuit { return 0 }

        // Sleep until a key, a signal, the next timer or the next store poll.
        let now = clock.now
        var wake = lastStorePoll.addingTimeInterval(configuration.storePollInterval)
        if let next = program.state.nextWake(), next < wake { wake = next }
        var timeout = Int32(max(0, min(1000, wake.timeIntervalSince(now) * 1000)).rounded(.up))
        if parser.isWaiting { timeout = min(timeout, 30) }
        var descriptors = [
          pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
          pollfd(fd: relay.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, timeout)

        var inputs: [KeyParser.Input] = []
        if ready > 0, descriptors[0].revents & Int16(POLLIN | POLLHUP) != 0 {
          let bytes = terminal.read()
          if bytes.isEmpty, descriptors[0].revents & Int16(POLLHUP) != 0 { return 0 }
          inputs += parser.feed(bytes)
        } else if parser.isWaiting {
          inputs += parser.flush()  // a lone Esc
        }

        for signal in relay.drain() {
          switch signal {
          case SIGWINCH:
            size = terminal.size() ?? size
            program.send(.resize(size))
          case SIGCONT:
            terminal.enterRawMode()
            terminal.write(TerminalDevice.enterSequence)
            shown = nil
          default:
            return 128 + signal
          }
        }

        program.send(.tick(clock.now))
        for input in inputs {
          switch input {
          case .key(let key): program.send(.key(key))
          case .paste(let text): program.send(.paste(text))
          }
        }
        if clock.now.timeIntervalSince(lastStorePoll) >= configuration.storePollInterval
          || clock.now < lastStorePoll
        {
          program.pollStore()
          lastStorePoll = clock.now
        }
      }
    }
  }
#endif
