//go:build !unix

package main

// freeBytes cannot tell the free space here; the check is skipped.
func freeBytes(string) (uint64, bool) { return 0, false }

// unwritable cannot tell here; a store that cannot be written fails to open.
func unwritable(string) error { return nil }

// fileSizeLimit cannot tell here; the check is skipped.
func fileSizeLimit() (uint64, bool) { return 0, false }
