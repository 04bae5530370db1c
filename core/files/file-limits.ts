import type { Plan } from '../workspaces/workspace.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

// spec: Limits — Files.
export const FILE_LIMITS = {
  uploadMaxBytes: 100 * MB,
  uploadsPerHour: 500,
  uploadWindowMs: 60 * 60 * 1000,
  nameMax: 255,
  batchDeleteMax: 100,
  batchIdMax: 128,
  queryMax: 200,
  addressMax: 320,
} as const;

/** spec: Limits — upload storage per plan. Enterprise is "not shown": treated as unlimited (null). */
export const UPLOAD_STORAGE_BYTES: Readonly<Record<Plan, number | null>> = {
  free: 10 * GB,
  starter: 50 * GB,
  business: 250 * GB,
  enterprise: null,
};

/** `104857600` as `100 MB`, for messages. */
export const formatBytes = (bytes: number): string =>
  bytes % GB === 0 ? `${bytes / GB} GB` : bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes.toLocaleString('en')} bytes`;
