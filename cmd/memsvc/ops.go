package main

import "context"

// runOps dispatches the operator commands (export.go, backup.go).
func runOps(ctx context.Context, cmd string, args []string, sys IO) error {
	switch cmd {
	case "export":
		return runExport(ctx, args, sys)
	case "import":
		return runImport(ctx, args, sys)
	case "users":
		return runUsers(ctx, args, sys)
	case "backup":
		return runBackup(ctx, args, sys)
	default:
		return runRestore(ctx, args, sys)
	}
}
