from django.db import migrations, models
from django.db.models import F


def every_change_so_far_counts(apps, schema_editor):
    """A table stored before: its last change is taken to be one that counts, as it was then."""
    apps.get_model("companion", "Table").objects.update(stale_before=F("version"))


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0008_stub_players'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='stale_before',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(every_change_so_far_counts, migrations.RunPython.noop),
    ]
