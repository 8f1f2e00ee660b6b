import { EventTopology } from '@kinfolio/contracts';
import { join } from 'node:path';
import { AmqpBus } from './bus/amqp';
import { MemoryBus } from './bus/memory';
import type { Bus } from './bus/types';
import { DiskBlobStore } from './blob/disk';
import { S3BlobStore } from './blob/s3';
import type { BlobStore } from './blob/types';
import { MemoryCache } from './cache/memory';
import { RedisCache } from './cache/redis';
import type { Cache } from './cache/types';
import type { KitConfig } from './config';
import type { Logger } from './logger';
import { OfflineMailer, OfflineSms } from './mail/offline';
import { HttpSmsSender, SmtpMailer } from './mail/online';
import type { Mailer, SmsSender } from './mail/types';

export interface Ports {
  bus: Bus;
  cache: Cache;
  blobs: BlobStore;
  mailer: Mailer;
  sms: SmsSender;
  /** Present when mail and SMS are kept offline (embedded mode, or OFFLINE_OUTBOX in tests). */
  offline?: { mail: OfflineMailer; sms: OfflineSms };
}

/**
 * Builds the adapters for a configuration: in-memory bus and cache, disk files and offline mail in embedded mode;
 * RabbitMQ, Redis, S3 (or disk when no bucket is configured), SMTP and an SMS gateway when distributed.
 * In embedded mode one set is shared by every service of the process.
 */
export function createPorts(cfg: KitConfig, logger: Logger): Ports {
  const embedded = cfg.MODE === 'embedded';
  let bus: Bus;
  if (embedded) bus = new MemoryBus();
  else {
    const amqp = new AmqpBus(cfg.AMQP_URL!, logger, { namespace: cfg.AMQP_NAMESPACE, topology: EventTopology });
    amqp.start();
    bus = amqp;
  }
  const cache: Cache = embedded ? new MemoryCache() : new RedisCache(cfg.REDIS_URL!, cfg.REDIS_PREFIX);
  const blobs: BlobStore =
    !embedded && cfg.S3_BUCKET
      ? new S3BlobStore({
          endpoint: cfg.S3_ENDPOINT,
          region: cfg.S3_REGION,
          bucket: cfg.S3_BUCKET,
          accessKeyId: cfg.S3_ACCESS_KEY_ID!,
          secretAccessKey: cfg.S3_SECRET_ACCESS_KEY!,
          publicBaseUrl: cfg.S3_PUBLIC_URL,
        })
      : new DiskBlobStore(join(cfg.DATA_DIR, 'blobs'), cfg.INTERNAL_SECRET);
  const keepOffline = embedded || cfg.OFFLINE_OUTBOX;
  const offline = keepOffline
    ? {
        mail: new OfflineMailer(join(cfg.DATA_DIR, 'outbox', 'mail.jsonl')),
        sms: new OfflineSms(join(cfg.DATA_DIR, 'outbox', 'sms.jsonl')),
      }
    : undefined;
  const mailer: Mailer =
    cfg.SMTP_URL && !keepOffline ? new SmtpMailer(cfg.SMTP_URL, cfg.MAIL_FROM) : (offline?.mail ?? new OfflineMailer());
  const sms: SmsSender =
    cfg.SMS_WEBHOOK_URL && !keepOffline
      ? new HttpSmsSender(cfg.SMS_WEBHOOK_URL, cfg.SMS_API_KEY ?? '')
      : (offline?.sms ?? new OfflineSms());
  return { bus, cache, blobs, mailer, sms, offline };
}

export async function closePorts(ports: Ports): Promise<void> {
  await Promise.allSettled([ports.bus.close(), ports.cache.close()]);
}
