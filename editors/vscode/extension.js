// The client: VS Code starts `cardsharp lsp` for the files of the
// `cardsharp` language and hands it the `cardsharp.game` and
// `cardsharp.layout` settings, at start and on every change. Everything
// else (diagnostics, fixes, hovers, hints, formatting, colours) is the
// server's.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

/** The settings the server reads, as it reads them: under `cardsharp`. */
function serverSettings() {
  const settings = vscode.workspace.getConfiguration("cardsharp");
  return { cardsharp: { game: settings.get("game"), layout: settings.get("layout") } };
}

/** Starts `cardsharp lsp` from `cardsharp.server.path`, or from `PATH`. */
async function start() {
  const command = vscode.workspace.getConfiguration("cardsharp").get("server.path") || "cardsharp";
  client = new LanguageClient(
    "cardsharp",
    "cardsharp",
    { command, args: ["lsp"] },
    {
      documentSelector: [{ language: "cardsharp" }],
      initializationOptions: serverSettings(),
      synchronize: { configurationSection: "cardsharp" },
    },
  );
  await client.start();
}

async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      // Another binary means another server.
      if (change.affectsConfiguration("cardsharp.server.path")) {
        await client.stop();
        await start();
      }
    }),
  );
  await start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
