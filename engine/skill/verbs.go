package skill

// isInstructionVerb reports words that begin an instruction: imperative
// verbs and command-line tools typed as the first word of a step.
func isInstructionVerb(w string) bool {
	switch w {
	case "run", "use", "install", "open", "click", "go", "set", "make", "add", "remove", "delete", "check",
		"start", "stop", "create", "update", "build", "push", "pull", "copy", "move", "call", "send",
		"get", "try", "type", "enter", "select", "choose", "save", "close", "wait", "restart", "deploy",
		"configure", "enable", "disable", "download", "upload", "log", "sign", "login", "edit", "change",
		"replace", "rename", "merge", "commit", "tag", "release", "publish", "test", "verify", "confirm",
		"ensure", "review", "write", "read", "fill", "submit", "press", "tap", "drag", "drop", "paste",
		"export", "import", "generate", "compile", "mix", "stir", "boil", "bake", "heat", "preheat",
		"cut", "chop", "pour", "serve", "let", "put", "place", "take", "turn", "plug", "unplug",
		"connect", "disconnect", "reboot", "reset", "clear", "clean", "wash", "rinse", "dry", "apply",
		"attach", "scan", "print", "book", "pay", "email", "text", "schedule", "backup", "restore",
		"migrate", "seed", "init", "initialize", "clone", "fork", "fetch", "rebase", "checkout",
		"switch", "navigate", "visit", "find", "search", "look", "follow", "append", "insert", "mount",
		"unmount", "format", "flash", "source", "activate", "define", "register", "grant", "revoke",
		"rotate", "renew", "invalidate", "purge", "flush", "drain", "scale", "roll", "rollback", "tail",
		"watch", "monitor", "bump", "cd", "ssh", "scp", "curl", "git", "npm", "npx", "yarn", "pnpm",
		"pip", "cargo", "brew", "apt", "sudo", "docker", "kubectl", "helm", "terraform", "mkdir", "cp",
		"mv", "rm", "python", "node", "bundle", "rake", "gradle", "mvn", "dotnet", "systemctl", "launch",
		"point", "wire", "hook", "link", "sync", "stage", "squash", "approve", "announce", "notify",
		"ping", "double-check", "re-run", "rerun", "head", "grab", "fire", "kick", "specify", "provide",
		"pick", "note", "record", "document", "ask", "tell":
		return true
	}
	return false
}
