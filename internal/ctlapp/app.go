// Package ctlapp assembles hvlb-controller from its parts (store, runtime, REST API,
// agent gRPC service, metrics) and runs it until its context ends, then shuts down
// gracefully. cmd/hvlb-controller only parses flags and calls Run.
package ctlapp

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"

	"hvlb/internal/api"
	"hvlb/internal/certs"
	"hvlb/internal/controller"
	"hvlb/internal/ctlsrv"
	"hvlb/internal/dashboard"
	"hvlb/internal/nfload"
	"hvlb/internal/store"
)

// Config is what the controller's flags set.
type Config struct {
	Listen        string     // REST, e.g. ":8443"
	GRPCListen    string     // agents, e.g. ":9443"
	DB            string     // bbolt file
	Etcd          EtcdConfig // a group of controllers on etcd instead of the bbolt file (etcd.go)
	TokensFile    string
	TLSCert       string
	TLSKey        string
	GRPCCert      string // default TLSCert
	GRPCKey       string // default TLSKey
	ClientCA      string // CA of agents' client certificates
	Webhook       string // NFV manager's webhook URL
	ReportTimeout time.Duration
	SyncReplicas  int // the pool's k-way replication (docs/sync.md): 0 all-to-all, 1 or 2
	// The comprehensive policy: how often it runs, and how often and how long the NFs'
	// metrics endpoints are scraped (zero: the controller's defaults).
	PolicyInterval time.Duration
	ScrapeInterval time.Duration
	ScrapeTimeout  time.Duration
	Pool           controller.PoolConfig // the pool automation (zero fields: defaults)
	InsecureDev    bool                  // allow no TLS, no mTLS and no tokens; never the default
	Log            *slog.Logger
}

// ShutdownGrace is how long a shutdown waits for requests and streams to finish.
const ShutdownGrace = 5 * time.Second

// check applies the security rules: everything on unless InsecureDev says otherwise.
func (c *Config) check() error {
	if c.GRPCCert == "" && c.GRPCKey == "" {
		c.GRPCCert, c.GRPCKey = c.TLSCert, c.TLSKey
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("--tls-cert and --tls-key go together")
	}
	if (c.GRPCCert == "") != (c.GRPCKey == "") {
		return errors.New("--grpc-cert and --grpc-key go together")
	}
	if c.InsecureDev {
		return nil
	}
	switch {
	case c.TLSCert == "":
		return errors.New("--tls-cert and --tls-key are required (or --insecure-dev for a plaintext development server)")
	case c.TokensFile == "":
		return errors.New("--tokens-file is required (or --insecure-dev to serve without authentication)")
	case c.ClientCA == "":
		return errors.New("--client-ca is required for the agents' mutual TLS (or --insecure-dev)")
	}
	return nil
}

// App is a controller ready to serve.
type App struct {
	cfg     Config
	log     *slog.Logger
	st      *store.Store
	ctl     *controller.Controller
	api     *api.Server
	agents  *ctlsrv.Server
	grpc    *grpc.Server
	tokens  *api.Tokens
	restTLS *tls.Config
	group   *group // nil without etcd
}

// New checks cfg, loads certificates and tokens, opens the store and builds the servers.
func New(cfg Config) (*App, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	a := &App{cfg: cfg, log: cfg.Log}
	var grpcTLS *tls.Config
	var err error
	if cfg.TLSCert != "" {
		if a.restTLS, err = certs.ServerTLS(cfg.TLSCert, cfg.TLSKey, ""); err != nil {
			return nil, fmt.Errorf("--tls-cert: %w", err)
		}
	}
	if cfg.GRPCCert != "" {
		if grpcTLS, err = certs.ServerTLS(cfg.GRPCCert, cfg.GRPCKey, cfg.ClientCA); err != nil {
			return nil, fmt.Errorf("--grpc-cert: %w", err)
		}
	}
	if cfg.TokensFile != "" {
		if a.tokens, err = api.LoadTokens(cfg.TokensFile); err != nil {
			return nil, err
		}
	}
	if a.restTLS == nil {
		a.log.Warn("INSECURE: REST API without TLS (--insecure-dev)")
	}
	if a.tokens == nil {
		a.log.Warn("INSECURE: REST API without authentication (--insecure-dev)")
	}
	if grpcTLS == nil || cfg.ClientCA == "" {
		a.log.Warn("INSECURE: agent gRPC without mutual TLS (--insecure-dev)")
	}
	ccfg := controller.Config{ReportTimeout: cfg.ReportTimeout, SyncReplicas: cfg.SyncReplicas,
		Policy: controller.PolicyConfig{Interval: cfg.PolicyInterval,
			Scrape: nfload.PollerConfig{Interval: cfg.ScrapeInterval, Timeout: cfg.ScrapeTimeout}},
		Pool: cfg.Pool, Webhook: cfg.Webhook, Log: a.log}
	if cfg.Etcd.Endpoints != "" {
		if a.group, err = openGroup(&a.cfg); err != nil {
			return nil, err
		}
		a.st, ccfg.Leadership, ccfg.Sharing, ccfg.Name = a.group.st, a.group.elector, a.group.sharer, a.cfg.Etcd.Name
	} else {
		if a.st, err = store.Open(cfg.DB); err != nil {
			return nil, err
		}
		ccfg.Name = defaultName(cfg.Listen) // shown as the leader of its group of one
	}
	ccfg.Store = a.st
	a.ctl, err = controller.New(ccfg)
	if err != nil {
		a.closeStore()
		return nil, err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		a.ctl.Collector())
	if a.group != nil {
		reg.MustRegister(a.group.elector.Collector(), a.group.sharer.Collector())
	}
	metrics := promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
	a.api = api.New(api.Config{Controller: a.ctl, Tokens: a.tokens, Metrics: metrics, Log: a.log})
	a.agents = ctlsrv.New(a.ctl, a.log)
	if cfg.ClientCA == "" { // --insecure-dev: no client certificates to name forwarders
		a.agents.AllowAnonymousAgents()
	}
	a.grpc = ctlsrv.NewGRPCServer(grpcTLS, a.agents)
	return a, nil
}

// Handler returns the REST API handler with the web dashboard under /ui/ (for tests that
// serve it themselves).
func (a *App) Handler() http.Handler { return dashboard.With(a.api) }

// ReloadTokens rereads the tokens file (on SIGHUP).
func (a *App) ReloadTokens() error {
	if a.tokens == nil {
		return nil
	}
	return a.tokens.Reload()
}

// Run listens on the configured addresses and serves until ctx ends.
func (a *App) Run(ctx context.Context) error {
	restLn, err := net.Listen("tcp", a.cfg.Listen)
	if err != nil {
		a.closeStore()
		return fmt.Errorf("--listen: %w", err)
	}
	grpcLn, err := net.Listen("tcp", a.cfg.GRPCListen)
	if err != nil {
		restLn.Close()
		a.closeStore()
		return fmt.Errorf("--grpc-listen: %w", err)
	}
	return a.Serve(ctx, restLn, grpcLn)
}

// Serve serves REST on restLn and gRPC on grpcLn until ctx ends or a server fails, then
// shuts down: new requests are refused, requests and agent streams in flight get
// ShutdownGrace to finish, and the store is closed. Serve always closes the store.
func (a *App) Serve(ctx context.Context, restLn, grpcLn net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ctlDone := make(chan struct{})
	go func() { a.ctl.Run(ctx); close(ctlDone) }()
	electorDone, sharerDone := make(chan struct{}), make(chan struct{})
	if a.group != nil {
		go func() { a.group.elector.Run(ctx); close(electorDone) }()
		go func() { a.group.sharer.Run(ctx, a.ctl); close(sharerDone) }()
	} else {
		close(electorDone)
		close(sharerDone)
	}

	if a.restTLS != nil {
		restLn = tls.NewListener(restLn, a.restTLS)
	}
	hs := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelDebug),
	}
	errc := make(chan error, 2)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := hs.Serve(restLn); !errors.Is(err, http.ErrServerClosed) {
			errc <- fmt.Errorf("REST server: %w", err)
		}
	}()
	go func() {
		defer wg.Done()
		if err := a.grpc.Serve(grpcLn); err != nil && !errors.Is(err, grpc.ErrServerStopped) {
			errc <- fmt.Errorf("gRPC server: %w", err)
		}
	}()
	where := []any{"db", a.cfg.DB}
	if a.group != nil {
		where = []any{"etcd", a.cfg.Etcd.Endpoints, "name", a.cfg.Etcd.Name}
	}
	a.log.Info("hvlb-controller serving", append([]any{"rest", restLn.Addr().String(), "grpc", grpcLn.Addr().String(),
		"tls", a.restTLS != nil, "auth", a.tokens != nil}, where...)...)

	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	a.log.Info("hvlb-controller shutting down")
	sctx, scancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer scancel()
	a.agents.Shutdown()
	stopped := make(chan struct{})
	go func() { a.grpc.GracefulStop(); close(stopped) }()
	if herr := hs.Shutdown(sctx); herr != nil {
		hs.Close()
	}
	select {
	case <-stopped:
	case <-sctx.Done():
		a.grpc.Stop()
		<-stopped
	}
	wg.Wait()
	cancel()
	<-ctlDone
	<-electorDone // it resigned: another controller of the group takes over at once
	<-sharerDone  // its lease given back: its records are gone, its agents are with others
	if cerr := a.closeStore(); err == nil && cerr != nil {
		err = fmt.Errorf("store: %w", cerr)
	}
	return err
}

// closeStore closes the store, and the etcd client under it.
func (a *App) closeStore() error {
	err := a.st.Close()
	if a.group != nil {
		a.group.cli.Close()
	}
	return err
}
