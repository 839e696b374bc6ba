package nfsim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"
)

// Config describes one NF instance. Empty address lists disable that service, so several
// NFs can share a namespace on different addresses.
type Config struct {
	// Name identifies the NF in every reply and in its metrics.
	Name string
	// HTTPAddrs, TCPAddrs and UDPAddrs are the listen addresses (host:port; port 0 picks one)
	// of the HTTP responder, the bulk TCP port and the UDP request/response port.
	HTTPAddrs []string
	TCPAddrs  []string
	UDPAddrs  []string
	// AdminAddr serves /metrics, /knobs and /healthz; empty disables it.
	AdminAddr string
	// Cores is the number of cores the NF has (the process's GOMAXPROCS; the caller sets that).
	// CPU utilisation and the CPU-load spinners are per core.
	Cores int
	// CPUWindow is the window of hvlb_nf_cpu_utilization.
	CPUWindow time.Duration
	// ProcStat is the path of the host's CPU counters.
	ProcStat string
	// Settings are the initial knobs.
	Settings Settings
	// CapacityMbps is the NF's processing capacity for bulk TCP payload, shared by its bulk
	// connections and reduced by the CPU-load knob (see capacity.go); 0: unlimited.
	CapacityMbps float64
	// CPULoadMode is how the CPU-load knob loads the NF: CPULoadSpin (default: spinners
	// burn it) or CPULoadVirtual (accounted in the utilisation gauges, not burnt).
	CPULoadMode string
	Logger      *slog.Logger
}

func (c *Config) setDefaults() {
	if c.Cores <= 0 {
		c.Cores = 1
	}
	if c.CPUWindow <= 0 {
		c.CPUWindow = 2 * time.Second
	}
	if c.ProcStat == "" {
		c.ProcStat = "/proc/stat"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
}

// Addrs are the bound addresses of a running server.
type Addrs struct {
	HTTP, TCP, UDP []net.Addr
	Admin          net.Addr
}

// Server is one NF. New binds every socket; Run serves until its context ends.
type Server struct {
	cfg      Config
	log      *slog.Logger
	settings settingsBox
	limiter  *rate.Limiter
	bulkLim  *rate.Limiter // bulk payload bytes/s (capacity.go)
	loader   *cpuLoader
	util     *utilMeter
	reg      *prometheus.Registry
	m        *metrics
	// prefix starts every UDP reply and names the NF ("nf=<name> ").
	prefix []byte
	// ctl runs closures on the goroutine that owns knob changes (see Update); they get
	// Run's context.
	ctl chan func(context.Context)

	httpLns  []net.Listener
	tcpLns   []net.Listener
	udpConns []*net.UDPConn
	adminLn  net.Listener
}

// New validates cfg and binds every listen address.
func New(cfg Config) (*Server, error) {
	cfg.setDefaults()
	if cfg.Name == "" {
		return nil, errors.New("nfsim: config: name is empty")
	}
	if err := cfg.Settings.Validate(); err != nil {
		return nil, fmt.Errorf("nfsim %s: %w", cfg.Name, err)
	}
	if err := cfg.validateCapacity(); err != nil {
		return nil, fmt.Errorf("nfsim %s: %w", cfg.Name, err)
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Logger.With("nf", cfg.Name),
		limiter: rate.NewLimiter(rate.Inf, 1),
		bulkLim: newBulkLimiter(),
		loader:  newCPULoader(cfg.Cores),
		util:    newUtilMeter(cfg.Cores, cfg.CPUWindow),
		reg:     prometheus.NewRegistry(),
		prefix:  []byte("nf=" + cfg.Name + " "),
		ctl:     make(chan func(context.Context)),
	}
	s.settings.store(cfg.Settings)
	s.applyLimit(cfg.Settings.MaxRPS)
	s.applyCapacity(cfg.Settings)
	s.m = newMetrics(s.reg, s)
	if err := s.listen(); err != nil {
		s.closeAll()
		return nil, fmt.Errorf("nfsim %s: %w", cfg.Name, err)
	}
	return s, nil
}

func (s *Server) listen() error {
	for _, a := range s.cfg.HTTPAddrs {
		ln, err := net.Listen("tcp", a)
		if err != nil {
			return fmt.Errorf("http listen %s: %w", a, err)
		}
		s.httpLns = append(s.httpLns, ln)
	}
	for _, a := range s.cfg.TCPAddrs {
		ln, err := net.Listen("tcp", a)
		if err != nil {
			return fmt.Errorf("tcp listen %s: %w", a, err)
		}
		s.tcpLns = append(s.tcpLns, ln)
	}
	for _, a := range s.cfg.UDPAddrs {
		ua, err := net.ResolveUDPAddr("udp", a)
		if err != nil {
			return fmt.Errorf("udp address %s: %w", a, err)
		}
		c, err := net.ListenUDP("udp", ua)
		if err != nil {
			return fmt.Errorf("udp listen %s: %w", a, err)
		}
		s.udpConns = append(s.udpConns, c)
	}
	if s.cfg.AdminAddr != "" {
		ln, err := net.Listen("tcp", s.cfg.AdminAddr)
		if err != nil {
			return fmt.Errorf("admin listen %s: %w", s.cfg.AdminAddr, err)
		}
		s.adminLn = ln
	}
	return nil
}

func (s *Server) closeAll() {
	for _, ln := range append(append([]net.Listener{}, s.httpLns...), s.tcpLns...) {
		ln.Close()
	}
	for _, c := range s.udpConns {
		c.Close()
	}
	if s.adminLn != nil {
		s.adminLn.Close()
	}
}

// Addrs returns the bound addresses.
func (s *Server) Addrs() Addrs {
	var a Addrs
	for _, ln := range s.httpLns {
		a.HTTP = append(a.HTTP, ln.Addr())
	}
	for _, ln := range s.tcpLns {
		a.TCP = append(a.TCP, ln.Addr())
	}
	for _, c := range s.udpConns {
		a.UDP = append(a.UDP, c.LocalAddr())
	}
	if s.adminLn != nil {
		a.Admin = s.adminLn.Addr()
	}
	return a
}

// Registry is the NF's metrics registry.
func (s *Server) Registry() *prometheus.Registry { return s.reg }

// Settings returns the knobs in force.
func (s *Server) Settings() Settings { return s.settings.load() }

// Utilization is the NF's current CPU utilisation (0..1 of its cores), the virtual load
// included in virtual CPU-load mode.
func (s *Server) Utilization() float64 { return s.withVirtualLoad(s.util.Utilization()) }

// CapacityMbps is the bulk capacity in force (0: unlimited).
func (s *Server) CapacityMbps() float64 { return s.effectiveCapacityMbps(s.Settings()) }

// Update changes some knobs and returns the knobs now in force. It is served by the
// goroutine that owns the knobs, so concurrent updates never lose each other; it fails if
// the server is not running.
func (s *Server) Update(ctx context.Context, p Patch) (Settings, error) {
	type result struct {
		st  Settings
		err error
	}
	done := make(chan result, 1)
	f := func(runCtx context.Context) {
		st := s.settings.load().Apply(p)
		if err := st.Validate(); err != nil {
			done <- result{err: fmt.Errorf("nfsim %s: %w", s.cfg.Name, err)}
			return
		}
		s.settings.store(st)
		s.applyLimit(st.MaxRPS)
		s.applyCapacity(st)
		s.loader.set(runCtx, s.spinPct(st))
		done <- result{st: st}
	}
	select {
	case s.ctl <- f:
	case <-ctx.Done():
		return Settings{}, fmt.Errorf("nfsim %s: update: %w", s.cfg.Name, ctx.Err())
	}
	r := <-done
	if r.err == nil {
		s.log.Info("knobs changed", "work_us", r.st.WorkUS, "max_rps", r.st.MaxRPS,
			"delay_ms", r.st.DelayMS, "cpu_load_pct", r.st.CPULoadPct)
	}
	return r.st, r.err
}

func (s *Server) applyLimit(rps float64) {
	if rps <= 0 {
		s.limiter.SetLimit(rate.Inf)
		return
	}
	// A burst of 10 ms worth of requests: smooth, but not one-at-a-time.
	s.limiter.SetBurst(max(1, int(rps/100)))
	s.limiter.SetLimit(rate.Limit(rps))
}

// Run serves until ctx ends or a listener fails, then closes everything it opened.
func (s *Server) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	fail := func(err error) {
		errMu.Lock()
		if first == nil {
			first = err
		}
		errMu.Unlock()
		cancel()
	}
	wg.Go(func() { s.util.run(ctx) })
	wg.Go(func() { s.loader.run(ctx) })
	s.loader.set(ctx, s.spinPct(s.Settings()))

	var servers []*http.Server
	serveHTTP := func(h *http.Server, ln net.Listener, what string) {
		wg.Go(func() {
			if err := h.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fail(fmt.Errorf("nfsim %s: %s %s: %w", s.cfg.Name, what, ln.Addr(), err))
			}
		})
	}
	if len(s.httpLns) > 0 {
		h := s.newHTTPServer(ctx)
		servers = append(servers, h)
		for _, ln := range s.httpLns {
			serveHTTP(h, ln, "http")
		}
	}
	if s.adminLn != nil {
		h := &http.Server{Handler: s.adminHandler(), ReadHeaderTimeout: 10 * time.Second}
		servers = append(servers, h)
		serveHTTP(h, s.adminLn, "admin")
	}
	for _, ln := range s.tcpLns {
		wg.Go(func() { s.serveTCP(ctx, ln, &wg, fail) })
	}
	for _, c := range s.udpConns {
		for range s.cfg.Cores {
			wg.Go(func() { s.serveUDP(ctx, c, fail) })
		}
	}
	s.log.Info("serving", "addrs", fmt.Sprint(s.Addrs()))

	for ctx.Err() == nil {
		select {
		case f := <-s.ctl:
			f(ctx)
		case <-ctx.Done():
		}
	}
	shut, cancelShut := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancelShut()
	for _, h := range servers {
		if err := h.Shutdown(shut); err != nil {
			h.Close()
		}
	}
	s.closeAll()
	wg.Wait()
	return first
}
