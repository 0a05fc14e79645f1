import { Download, FileJson } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PatientDataExport } from '@api/types';
import { SITE } from '@/content/site';
import { fetchMyData } from '@/features/dashboard/api/data-export';
import { useBusy } from '@/lib/use-busy';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/** Saves a file made in the browser from the API's answer; nothing is stored anywhere else. */
function saveFile(text: string, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Format = 'html' | 'json';

/** The readable page (@api/data-export, loaded when asked for) or the JSON for another service. */
async function fileOf(data: PatientDataExport, format: Format) {
  const name = `expmed-health-my-data-${new Date().toISOString().slice(0, 10)}.${format}`;
  if (format === 'json') return { name, type: 'application/json', text: JSON.stringify(data, null, 2) };
  const { exportHtml } = await import('@api/data-export');
  return { name, type: 'text/html', text: exportHtml(data) };
}

/** 'Download my data': the patient's copy as a page to read, and the same as JSON; it says what was saved. */
export function DownloadMyData({ patientId }: { patientId: string }) {
  const [busy, run] = useBusy();
  const [saved, setSaved] = useState('');

  const download = (format: Format) =>
    run(async () => {
      setSaved('');
      const file = await fileOf(await fetchMyData(patientId), format);
      saveFile(file.text, file.type, file.name);
      setSaved(
        format === 'html'
          ? `Saved ${file.name} to your downloads: open it in your browser to read it.`
          : `Saved ${file.name} to your downloads.`,
      );
    });

  return (
    <DashboardCard id="my-data-heading" title="My data">
      <p>
        Download a copy of the information we hold about you, grouped as our <Link to={SITE.privacyUrl}>privacy policy</Link>{' '}
        describes it: your account, appointments, medical record, payments, newsletter, and messages. It is a page you can open
        and read; the same data is also available as a JSON file, for another service.
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={() => void download('html')} disabled={busy} aria-busy={busy}>
          <Download size={18} aria-hidden="true" /> {busy ? 'Preparing your data ...' : 'Download my data'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void download('json')} disabled={busy}>
          <FileJson size={18} aria-hidden="true" /> Download as JSON
        </button>
      </div>
      <p role="status" className="field-hint">
        {saved}
      </p>
    </DashboardCard>
  );
}
