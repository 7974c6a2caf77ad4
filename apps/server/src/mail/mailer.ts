/** Outgoing mail. Every message is recorded in the outbox; SMTP delivery (when configured) happens in the background. */
/** A file sent with a mail: the bytes stay in file storage and are read at each delivery attempt (also retries). */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Records the message and starts delivery; resolves once recorded, with the outbox id. */
  send(message: MailMessage): Promise<bigint>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  flush(): Promise<void>;
  /** Re-sends 'failed' messages (worker job); returns how many were sent. No-op without SMTP. */
  retryFailed(limit?: number): Promise<number>;
  close(): Promise<void>;
}
