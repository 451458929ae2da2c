/** An upload's progress bar with its label above it (photos on the profile, a complaint's screenshot). */
export function UploadProgress({
  id,
  label,
  percent,
  className,
}: {
  /** Id of the label, which names the bar for screen readers. */
  id: string;
  label: string;
  percent: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="small mb-1" id={id}>
        {label}
      </div>
      <div
        className="profile-progress"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="profile-progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
