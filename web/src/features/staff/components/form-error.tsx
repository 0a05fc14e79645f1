/** A staff form's error sentence, read out when it appears; inputs point at `id` (aria-describedby). */
export function FormError({ id, error }: { id: string; error: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error span-all" role="alert">
      {error}
    </p>
  );
}
