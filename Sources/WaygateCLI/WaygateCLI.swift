/// The root of the `waygate` command line.
public enum WaygateCommand {
    /// Runs the command named by the process arguments and exits.
    public static func main() async {
        print("waygate: not yet implemented")
    }
}
