import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SITE } from '@/content/site';
import { fetchMyData } from '@/features/dashboard/api/data-export';
import { showApiError } from '@/lib/dialogs';

/** Saves the patient's data as a JSON file: made in the browser from the API's answer, never stored anywhere else. */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Download my data': the patient's copy of their profile, packages, appointments and orders. */
export function DownloadMyData({ patientId }: { patientId: string }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await fetchMyData(patientId);
      saveJson(data, `expmed-health-my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (err) {
      await showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="profile-card" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">My data</h2>
      <p>
        Download a copy of the information we hold about you: your details, packages, appointments and orders, as a JSON file.
        Read how we use it in our <Link to={SITE.privacyUrl}>privacy policy</Link>.
      </p>
      <button type="button" className="btn btn-outline" onClick={download} disabled={busy} aria-busy={busy}>
        <Download size={18} aria-hidden="true" /> {busy ? 'Preparing your data ...' : 'Download my data'}
      </button>
    </section>
  );
}
