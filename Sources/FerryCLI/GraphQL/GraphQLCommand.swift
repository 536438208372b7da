import ArgumentParser

/// `ferry graphql …`: GraphQL tools (the query itself is sent by `ferry send --graphql`).
struct GraphQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "GraphQL tools: fetch, cache and print an endpoint's schema.",
        subcommands: [GraphQLSchemaCommand.self])
}
