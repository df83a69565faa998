"""Flask extensions, created unbound and initialised by :func:`app.create_app`."""

from typing import TYPE_CHECKING

from flask_babel import Babel
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base whose constraints have stable names (so migrations work on SQLite too)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)

if TYPE_CHECKING:
    # mypy cannot take a class made at run time (``db.Model``) as a base; ``db.Model`` is ``Base`` with
    # Flask-SQLAlchemy's mixins (table name, bind key, repr), so the models are typed as ``Base``'s subclasses.
    Model = Base
else:
    Model = db.Model
csrf = CSRFProtect()
babel = Babel()
