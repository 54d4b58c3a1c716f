#
# GNU Radio's log as the Python QA reads it: a sink that every block made from
# then on also writes to (catch_log), the messages in it that hold a text
# (log_messages), and a flowgraph run that must end within a bound
# (run_bounded), so that a block that hangs fails its test instead of CTest's
# timeout.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import threading

from gnuradio import gr


def catch_log():
    """A GNU Radio log sink that every block made from now on also writes to."""
    logging = gr.logging()
    if int(logging.default_level()) > int(gr.log_levels.warn):
        logging.set_default_level(gr.log_levels.warn)
    log = gr.dictionary_logger_backend()
    logging.add_default_sink(log)
    return log


def log_messages(log, needle):
    """The messages of the sink `log` that hold `needle`."""
    return [m for msgs in log.get_map().values() for _, m in msgs if needle in m]


def run_bounded(tb, seconds=60):
    """tb.run() on a thread; True when it returned within `seconds`."""
    t = threading.Thread(target=tb.run, daemon=True)
    t.start()
    t.join(seconds)
    return not t.is_alive()
