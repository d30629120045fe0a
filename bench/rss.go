package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// PeakRSS returns the process's peak resident set size in bytes (VmHWM of
// /proc/self/status); it fails where /proc is not available.
func PeakRSS() (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, fmt.Errorf("benchmark: peak rss: %w", err)
	}
	return parseVmHWM(b)
}

// parseVmHWM reads the "VmHWM:  123456 kB" line of a /proc status file.
func parseVmHWM(status []byte) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("benchmark: peak rss: unexpected VmHWM line %q", sc.Text())
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("benchmark: peak rss: %w", err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("benchmark: peak rss: no VmHWM line")
}
