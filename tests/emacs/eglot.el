;;; eglot.el --- cardsharp's language server driven by Emacs and eglot  -*- lexical-binding: t -*-

;; Run by tests/emacs.rs: emacs --batch -l tests/emacs/eglot.el, with
;; CARDSHARP the binary and HANDS a file of hands with one mistake.
;; It sets Emacs up as the README tells a user to, opens the file, waits
;; for flymake's diagnostic, applies the quick fix, formats the buffer,
;; and prints what it saw, a line each.

(require 'eglot)

;; The README's setup.
(define-derived-mode cardsharp-mode text-mode "Cards"
  "Hands of bridge, Choker and whist, checked by `cardsharp lsp'.")
(add-to-list 'auto-mode-alist '("\\.\\(bridge\\|choker\\|whist\\)\\'" . cardsharp-mode))
(add-to-list 'eglot-server-programs
             `(cardsharp-mode . (,(getenv "CARDSHARP") "lsp")))

(defun cardsharp-test-wait (what ready)
  "Wait up to 20 seconds for READY to return non-nil; fail naming WHAT."
  (let ((deadline (+ (float-time) 20)))
    (while (and (not (funcall ready)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or (funcall ready) (error "Timed out waiting for %s" what))))

(find-file (getenv "HANDS"))
(princ (format "mode: %s\n" major-mode))
(apply #'eglot (eglot--guess-contact))
(cardsharp-test-wait "the server" #'eglot-current-server)
(cardsharp-test-wait "a diagnostic" #'flymake-diagnostics)
(dolist (diagnostic (flymake-diagnostics))
  (princ (format "diagnostic: %d-%d %s\n"
                 (flymake-diagnostic-beg diagnostic)
                 (flymake-diagnostic-end diagnostic)
                 (car (split-string (flymake-diagnostic-text diagnostic) "\n")))))
(let ((diagnostic (car (flymake-diagnostics))))
  (eglot-code-actions (flymake-diagnostic-beg diagnostic)
                      (flymake-diagnostic-end diagnostic)
                      "quickfix" t))
(princ (format "fixed: %s" (buffer-string)))
;; Batch Emacs is never idle, so the idle timers that send the change and
;; start flymake again are run here by hand.
(eglot--signal-textDocument/didChange)
(cardsharp-test-wait "the diagnostic to clear"
                     (lambda () (flymake-start) (null (flymake-diagnostics))))
(princ "diagnostics: none\n")
(eglot-format-buffer)
(princ (format "formatted: %s" (buffer-string)))
(let ((server (eglot-current-server)))
  (eglot-shutdown server))
(princ "shut down\n")
