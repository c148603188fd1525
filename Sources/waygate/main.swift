import WaygateCLI

await WaygateCommand.main()
