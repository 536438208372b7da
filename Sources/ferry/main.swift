import FerryCLI

await FerryCommand.run()
