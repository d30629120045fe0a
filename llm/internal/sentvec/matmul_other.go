//go:build !amd64

package sentvec

// mulTile runs the portable kernel: this architecture has no assembly one.
func mulTile(tl *tile, p panelOf) { mulTileGo(tl, p) }
