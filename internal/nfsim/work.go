package nfsim

import (
	"sync"
	"sync/atomic"
	"time"
)

// The work per request is a fixed amount of computation, not a wall-clock spin: when the
// NF's cores are busy (the CPU-load knob, or a neighbour), the same work takes longer and
// the NF serves fewer requests per second, which is what a loaded NF does.

const calibChunk = 1 << 14

var (
	calibOnce   sync.Once
	itersPerSec float64
	// workSink keeps the compiler from removing the loop.
	workSink atomic.Uint64
)

// spinIters runs n iterations of a xorshift loop.
func spinIters(n int64) {
	x := uint64(n) | 1
	for i := int64(0); i < n; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	workSink.Add(x & 1)
}

// Calibrate measures how many loop iterations one idle core runs per second. It keeps
// the fastest of several short runs, so a momentary neighbour does not shrink the work.
// It runs once per process; later calls return the cached figure.
func Calibrate() float64 {
	calibOnce.Do(func() {
		best := 0.0
		for range 12 {
			start := time.Now()
			var n int64
			for time.Since(start) < 2*time.Millisecond {
				spinIters(calibChunk)
				n += calibChunk
			}
			if r := float64(n) / time.Since(start).Seconds(); r > best {
				best = r
			}
		}
		itersPerSec = best
	})
	return itersPerSec
}

// doWork burns d of CPU work as measured on an idle core.
func doWork(d time.Duration) {
	if d <= 0 {
		return
	}
	spinIters(int64(d.Seconds() * Calibrate()))
}
