package store

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/dgraph-io/badger/v4"
)

// storeFormat is the version of the key layout (keys.go) this code reads
// and writes. A change an older binary would misread bumps it, so that
// binary refuses the directory instead of corrupting it.
//
// Format 2 added the image references (b keys, blobrefs.go): a format 1
// directory is brought to format 2 in place at a writable opening, and a
// format 1 binary refuses a format 2 one, since it would write memories
// without their references and the files they name could be removed.
const storeFormat = 2

// formatKey names the global key that records the directory's format.
var formatKey = globalKey("store-format")

// ErrFormat is returned by Open for a directory written in a key layout
// this binary does not know (by a newer or much older memsvc).
var ErrFormat = errors.New("store format not supported")

// checkFormat refuses a store whose recorded format is not storeFormat,
// and records it in a store that has none (a new one, or one written
// before the marker, in format 1); a read-only opening records nothing.
func checkFormat(db *badger.DB, readOnly bool) error {
	var recorded string
	err := db.View(func(btx *badger.Txn) error {
		it, err := btx.Get(formatKey)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		b, err := it.ValueCopy(nil)
		recorded = string(b)
		return err
	})
	if err != nil {
		return fmt.Errorf("read the store format: %w", err)
	}
	if recorded == "" {
		recorded = "1" // written before the marker
	}
	n, err := strconv.Atoi(recorded)
	if err == nil && n == 1 {
		return upgradeFormat1(db, readOnly)
	}
	switch {
	case err != nil || n < 1:
		return fmt.Errorf("%w: the directory records store format %q, which no memsvc writes", ErrFormat, recorded)
	case n > storeFormat:
		return fmt.Errorf("%w: the directory was written by a newer memsvc (store format %d; this one reads format %d): "+
			"run that version, or export with it and import the export into an empty directory with this one", ErrFormat, n, storeFormat)
	case n < storeFormat:
		return fmt.Errorf("%w: the directory was written by an older memsvc (store format %d; this one reads format %d): "+
			"export with that version and import the export into an empty directory with this one", ErrFormat, n, storeFormat)
	}
	return nil
}

// upgradeFormat1 indexes a format 1 store's image references and records
// format 2. A read-only opening reads format 1 as it is (it removes no
// file, so it needs no references).
func upgradeFormat1(db *badger.DB, readOnly bool) error {
	if readOnly {
		return nil
	}
	if err := backfillBlobRefs(db); err != nil {
		return err
	}
	return db.Update(func(btx *badger.Txn) error { return btx.Set(formatKey, []byte(strconv.Itoa(storeFormat))) })
}
