package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// WriteSamples writes samples as JSON lines, the file `memsvc bench
// fit-relevance` reads.
func WriteSamples(w io.Writer, samples []Sample) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, s := range samples {
		if err := enc.Encode(s); err != nil {
			return fmt.Errorf("samples: %w", err)
		}
	}
	return bw.Flush()
}

// ReadSamples reads what WriteSamples wrote, naming the line of a bad one.
func ReadSamples(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var s Sample
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			return nil, fmt.Errorf("samples line %d: %w", line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("samples: %w", err)
	}
	return out, nil
}
