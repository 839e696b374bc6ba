package nfsim

import (
	"context"
	"sync"
	"time"
)

// loadPeriod is the duty cycle of the CPU-load spinners. It is below the Go scheduler's
// 10 ms preemption slice, so a spinner holds its core for the whole busy part of a period,
// the way a separate busy process would, and the NF's own work waits for the rest.
const loadPeriod = 8 * time.Millisecond

// cpuLoader keeps a percentage of each of the NF's cores busy. One goroutine (run) owns the
// spinners; set reaches it over a channel.
type cpuLoader struct {
	cores int
	setc  chan float64
}

func newCPULoader(cores int) *cpuLoader {
	return &cpuLoader{cores: cores, setc: make(chan float64)}
}

// set asks the owner goroutine to change the load; it returns once the change is taken.
func (l *cpuLoader) set(ctx context.Context, pct float64) {
	select {
	case l.setc <- pct:
	case <-ctx.Done():
	}
}

func (l *cpuLoader) run(ctx context.Context) {
	var (
		stop = func() {}
		wg   sync.WaitGroup
	)
	defer func() {
		stop()
		wg.Wait()
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case pct := <-l.setc:
			stop()
			wg.Wait()
			if pct <= 0 {
				stop = func() {}
				continue
			}
			sctx, cancel := context.WithCancel(ctx)
			stop = cancel
			busy := time.Duration(pct / 100 * float64(loadPeriod))
			for range l.cores {
				wg.Go(func() { spinDuty(sctx, busy) })
			}
		}
	}
}

// spinDuty spins for busy out of every loadPeriod until ctx ends.
func spinDuty(ctx context.Context, busy time.Duration) {
	for ctx.Err() == nil {
		start := time.Now()
		for time.Since(start) < busy {
			spinIters(1 << 10)
		}
		if idle := loadPeriod - busy; idle > 0 {
			t := time.NewTimer(idle)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
	}
}
